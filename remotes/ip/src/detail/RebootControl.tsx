import { useState } from 'react';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { ConfirmDialog, ui, useRequestMessages } from '@proxy/site-kit';
import { formatCountdown } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import type { ProxyView } from './proxy-state.ts';
import styles from './ProxyPage.module.css';

/**
 * "Reboot the modem", after a confirmation (every connection is cut and the proxy is away for a minute or two). The
 * page runs it (`useProxyState`): "Rebooting…" while it is asked, or the proxy's `reboot.running` says the modem has
 * not reported back (the API gave up waiting first, or the page opened on one), and "back with a new IP" only once
 * the modem reports online again, so this never says "back" beside an "offline" elsewhere (#49). The cooldown counts
 * down from the page's one state. A modem other customers use is not the owner's to reboot: the page says to ask
 * support.
 */
export function RebootControl({
  proxy,
  view,
  onReboot,
}: {
  proxy: Proxy;
  view: ProxyView;
  onReboot: () => Promise<void>;
}) {
  const { t, tp } = useT();
  const { networkError } = useRequestMessages();
  const [confirming, setConfirming] = useState(false);
  const reboot = proxy.reboot;
  if (!reboot) return null;

  const busy = view.phase === 'rebooting';
  const wait = view.rebootWait;
  const outcome = view.rebootResult;
  const start = () => {
    setConfirming(false);
    void onReboot();
  };

  let status = '';
  if (busy) status = t('reboot.busyHelp');
  else if (outcome?.kind === 'ip') status = t('reboot.back', { ip: outcome.ip });
  else if (outcome?.kind === 'wait') status = tp('reboot.wait', outcome.seconds);
  else if (outcome?.kind === 'error') status = outcome.detail ?? (outcome.network ? networkError : t('reboot.failed'));

  return (
    <div className={styles.reboot}>
      <h3 className={ui.subTitle}>{t('reboot.title')}</h3>
      <p className={ui.muted}>{reboot.shared ? t('reboot.shared') : t('reboot.help')}</p>
      <div className={styles.rotateNow}>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={!view.canReboot}
          aria-busy={busy}
          aria-describedby="reboot-cooldown"
          onClick={() => setConfirming(true)}
        >
          {busy ? t('reboot.busy') : t('reboot.now')}
        </button>
        <span id="reboot-cooldown" className={ui.muted}>
          {wait > 0 && !busy ? t('rotate.availableIn', { time: formatCountdown(wait) }) : ''}
        </span>
        <span
          role="status"
          className={
            outcome?.kind === 'ip' && !busy ? ui.ok : outcome && !busy ? ui.warningText : busy ? '' : ui.visuallyHidden
          }
        >
          {status}
        </span>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('reboot.confirmTitle')}
          text={t('reboot.confirmText')}
          confirm={t('reboot.confirm')}
          busy={busy}
          onConfirm={start}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
