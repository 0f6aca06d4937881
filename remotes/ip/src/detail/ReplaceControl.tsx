import { useRef, useState } from 'react';
import { ApiError } from '@proxy/contract/api/errors';
import { getProxy } from '@proxy/contract/api/proxies';
import { quoteReplacement, replaceProxy } from '@proxy/contract/api/replacements';
import { reportRequestError } from '@proxy/contract/forms';
import { attemptFor, type Attempt } from '@proxy/contract/idempotency';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { Dialog, formatDateTime, LoadState, ui, useLoaded, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import common from '../common/common.module.css';

const SERVED = ['active', 'expiring'];

/**
 * "Replace proxy" on the proxy page (#49 item 9; Proxy-Seller's `replace`): for a proxy whose IP is bad, another modem
 * of the same place and operator — a new IP — with the same number, login, password and term, free, a few times a
 * month. Shown for a proxy that is served and not a free trial's (the server refuses those, as it refuses a move).
 */
export function ReplaceControl({ proxy, onReplaced }: { proxy: Proxy; onReplaced: (proxy: Proxy) => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (!SERVED.includes(proxy.state) || proxy.trial) return null;
  return (
    // A block of its own in the header's grid, so the button keeps its own width.
    <div>
      <button type="button" className={ui.smallButton} onClick={() => setOpen(true)}>
        {t('replace.open')}
      </button>
      {open && <ReplaceDialog proxy={proxy} onClose={() => setOpen(false)} onReplaced={onReplaced} />}
    </div>
  );
}

/**
 * The confirmation, from the server's quote: the IP changes, the connection strings may get new ports (they will when
 * no other modem is free on the proxy's server), it is free, and how many replacements are left this month (none left:
 * from when). Confirmed, the replacement is sent with an Idempotency-Key a retry of it reuses; on success a toast with
 * the new IP, the page reads the proxy again (as after a move: its new IP and ports, and its last change, now) and the
 * dialog closes, focus back on the button. Should that read fail, the replacement's answer says as much.
 */
function ReplaceDialog({
  proxy,
  onClose,
  onReplaced,
}: {
  proxy: Proxy;
  onClose: () => void;
  onReplaced: (proxy: Proxy) => void;
}) {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const show = useSetAtom(showMessageAtom);
  const quote = useLoaded(`replace|${proxy.id}|${language}`, (signal) => quoteReplacement(api, proxy.id, signal));
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt | null>(null);

  const replace = async () => {
    attempt.current = attemptFor(attempt.current, { proxy: proxy.id });
    setBusy(true);
    try {
      const replaced = await replaceProxy(api, proxy.id, attempt.current.key);
      show(replaced.ip ? t('replace.done', { ip: replaced.ip }) : t('replace.doneNoIp'), 'success');
      onReplaced(
        await getProxy(api, proxy.id).catch(() => ({
          ...proxy,
          ip: replaced.ip,
          http_port: replaced.http_port,
          socks_port: replaced.socks_port,
          last_rotation_at: replaced.created_at,
        })),
      );
      onClose();
    } catch (error) {
      // A refusal (the limit, no other modem) is said in the dialog by the quote read again.
      if (error instanceof ApiError && error.status !== 404) quote.retry();
      reportRequestError(error, messages);
    } finally {
      setBusy(false);
    }
  };

  const current = quote.loading ? undefined : (quote.data ?? undefined);
  const refused = quote.failed && quote.error instanceof ApiError ? quote.error.detail : undefined;
  const blocked = !current || current.available === 0 || current.left === 0;

  return (
    <Dialog
      title={t('replace.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.secondaryButton} onClick={onClose}>
            {t('replace.cancel')}
          </button>
          <button
            type="button"
            className={ui.primaryButton}
            disabled={blocked || busy}
            aria-busy={busy}
            onClick={() => void replace()}
          >
            {t('replace.submit')}
          </button>
        </>
      }
    >
      <p className={ui.note}>{t('replace.help', { ip: proxy.ip ?? '—' })}</p>
      <div className={common.quote} aria-live="polite" aria-busy={quote.loading}>
        {refused ? (
          <p className={`${ui.notice} ${ui.noticeWarning}`} role="alert">
            {refused}
          </p>
        ) : !current || quote.failed ? (
          <LoadState
            loaded={{ data: current, failed: quote.failed, retry: quote.retry }}
            loadingText={t('replace.quoting')}
            failedText={t('replace.quoteFailed')}
          />
        ) : (
          <>
            <dl className={common.quoteList}>
              <dt>{t('replace.price')}</dt>
              <dd className={ui.strong}>{t('replace.free')}</dd>
              <dt>{t('replace.left')}</dt>
              <dd>{t('replace.leftOf', { left: current.left, limit: current.limit })}</dd>
            </dl>
            <p className={current.ports_change ? `${ui.notice} ${ui.noticeWarning}` : ui.hint}>
              {current.ports_change ? t('replace.portsChange') : t('replace.portsMay')}
            </p>
            {current.left === 0 && current.next_at && (
              <p className={`${ui.notice} ${ui.noticeInfo}`} role="alert">
                {t('replace.wait', { time: formatDateTime(current.next_at, language) })}
              </p>
            )}
            {current.available === 0 && (
              <p className={`${ui.notice} ${ui.noticeWarning}`} role="alert">
                {t('replace.noStock')}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
