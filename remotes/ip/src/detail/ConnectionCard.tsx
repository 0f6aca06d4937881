import { useState } from 'react';
import { regenerateProxyPassword } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { connectionString, EXPORT_FORMATS, type ExportFormat, type Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { Card, ConfirmDialog, CopyButton, ui, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
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

/**
 * How to connect: host, the two ports, login and password (hidden until asked, copyable, regenerable after a
 * confirmation), the IP whitelist, and the three ready-to-paste strings.
 */
export function ConnectionCard({ proxy, onSaved }: { proxy: Proxy; onSaved: (proxy: Proxy) => void }) {
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
