import { useState } from 'react';
import { regenerateProxyPassword } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { connectionString, EXPORT_FORMATS, type ExportFormat, type Proxy } from '@proxy/contract/schemas/proxies';
import { AGENT_API_PATHS } from '@proxy/contract/schemas/farm-agent';
import { api } from '@proxy/contract/state';
import { Card, ConfirmDialog, CopyButton, ui, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { HealthFacts } from './HealthFacts.tsx';
import { LoginEditor } from './LoginEditor.tsx';
import type { ProxyView } from './proxy-state.ts';
import { WhitelistEditor } from './WhitelistEditor.tsx';
import styles from './ProxyPage.module.css';

/** What stands for the password while it is hidden (also inside the connection strings). */
const MASK = '••••••••';

/** A connection string with the password masked: the URL forms carry it URL-encoded between `login:` and `@`. */
function maskedString(proxy: Proxy, format: ExportFormat): string {
  const full = connectionString(proxy, format);
  if (format === 'plain') return `${full.slice(0, full.length - proxy.password.length)}${MASK}`;
  const prefix = `${format}://${encodeURIComponent(proxy.login)}:`;
  return `${prefix}${MASK}${full.slice(prefix.length + encodeURIComponent(proxy.password).length)}`;
}

/** A URL as one shell word: as it is when it has nothing the shell reads, else single-quoted (`'` as `'\''`). */
const shellWord = (url: string) => (/^[\w.~:/%@+,=-]+$/.test(url) ? url : `'${url.replaceAll("'", "'\\''")}'`);

/**
 * `curl` through the proxy to the check target — the one staff set for the agents' health checks (`check_url`, #29),
 * else the site's `/api/ip/` — which answers the address it saw: the modem's when the proxy works. The proxy URL is
 * single-quoted for the shell; a `'` in the password goes percent-encoded, which curl decodes.
 */
function checkCommand(proxyUrl: string, checkUrl: string | null | undefined): string {
  const target = checkUrl ?? new URL(AGENT_API_PATHS.ip, window.location.origin).href;
  return `curl -x '${proxyUrl.replaceAll("'", '%27')}' ${shellWord(target)}`;
}

/**
 * Whether it works now (the last health check and the 24-hour uptime), and how to connect: host, the two ports, login (copyable, changeable to one of the owner's own) and password (hidden
 * until asked, copyable, regenerable after a confirmation), the IP whitelist, and the three ready-to-paste strings.
 */
export function ConnectionCard({
  proxy,
  view,
  onSaved,
}: {
  proxy: Proxy;
  view: ProxyView;
  onSaved: (proxy: Proxy) => void;
}) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const regenerate = async () => {
    setBusy(true);
    const outcome = await runRequest(() => regenerateProxyPassword(api, proxy.id), {
      ...messages,
      saved: t('connection.passwordChanged'),
    });
    setBusy(false);
    if (outcome.ok) {
      onSaved(outcome.value);
      setConfirming(false);
    }
  };

  return (
    <Card title={t('connection.title')}>
      <dl className={ui.facts}>
        <HealthFacts proxy={proxy} view={view} onChecked={onSaved} />
        <div>
          <dt>{t('connection.host')}</dt>
          <dd>
            <code className={styles.value}>{proxy.host}</code>
            <CopyButton compact text={proxy.host} label={t('connection.copyHost')} />
          </dd>
        </div>
        <div>
          <dt>{t('connection.httpPort')}</dt>
          <dd>
            <code className={styles.value}>{proxy.http_port}</code>
          </dd>
        </div>
        <div>
          <dt>{t('connection.socksPort')}</dt>
          <dd>
            <code className={styles.value}>{proxy.socks_port}</code>
          </dd>
        </div>
        <div>
          <dt>{t('connection.login')}</dt>
          <dd>
            <code className={styles.value}>{proxy.login}</code>
            <CopyButton compact text={proxy.login} label={t('connection.copyLogin')} />
            <LoginEditor proxy={proxy} onSaved={onSaved} />
          </dd>
        </div>
        <div>
          <dt id="password-label">{t('connection.password')}</dt>
          <dd>
            <code className={styles.value} aria-labelledby="password-label" data-testid="password">
              {revealed ? proxy.password : <span aria-label={t('connection.hidden')}>{MASK}</span>}
            </code>
            <button
              type="button"
              className={ui.smallButton}
              aria-pressed={revealed}
              onClick={() => setRevealed((value) => !value)}
            >
              {t(revealed ? 'connection.hide' : 'connection.show')}
            </button>
            <CopyButton compact text={proxy.password} label={t('connection.copyPassword')} />
            <button type="button" className={ui.smallButton} onClick={() => setConfirming(true)}>
              {t('connection.regenerate')}
            </button>
          </dd>
        </div>
      </dl>

      <h3 className={ui.subTitle}>{t('connection.strings')}</h3>
      <ul className={styles.strings}>
        {EXPORT_FORMATS.map((format) => (
          <li key={format}>
            <span className={ui.fieldLabel}>{t(`export.formats.${format}`)}</span>
            <span className={styles.stringRow}>
              <code className={styles.string}>
                {revealed ? connectionString(proxy, format) : maskedString(proxy, format)}
              </code>
              <CopyButton
                compact
                text={connectionString(proxy, format)}
                label={t('connection.copyString', { format: t(`export.formats.${format}`) })}
              />
            </span>
          </li>
        ))}
        {proxy.health !== undefined && (
          <li>
            <span className={ui.fieldLabel}>{t('health.command')}</span>
            <span className={styles.stringRow}>
              <code className={styles.string} data-testid="check-command">
                {checkCommand(
                  revealed ? connectionString(proxy, 'http') : maskedString(proxy, 'http'),
                  proxy.check_url,
                )}
              </code>
              <CopyButton
                compact
                text={checkCommand(connectionString(proxy, 'http'), proxy.check_url)}
                label={t('health.copyCommand')}
              />
            </span>
          </li>
        )}
      </ul>

      <WhitelistEditor proxy={proxy} onSaved={onSaved} />

      {confirming && (
        <ConfirmDialog
          title={t('connection.regenerateTitle')}
          text={t('connection.regenerateText')}
          confirm={t('connection.regenerateConfirm')}
          busy={busy}
          onConfirm={() => void regenerate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
