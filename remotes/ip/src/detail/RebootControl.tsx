import { useEffect, useRef, useState } from 'react';
import { getProxy, rebootProxy } from '@proxy/contract/api/proxies';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { type Proxy, RotateAnswerSchema } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import * as v from 'valibot';
import { ConfirmDialog, ui, useRequestMessages } from '@proxy/site-kit';
import { formatCountdown } from '../common/format.ts';
import { useNow } from '../common/use-now.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxyPage.module.css';

/** While the modem reboots, the proxy is read this often until the modem has reported back. */
export const REBOOT_POLL_MS = 3_000;

type Outcome =
  | { readonly kind: 'ip'; readonly ip: string }
  | { readonly kind: 'wait'; readonly until: number }
  | { readonly kind: 'error'; readonly text: string };

/**
 * "Reboot the modem", after a confirmation (every connection is cut and the proxy is away for a minute or two). The
 * API waits for the modem to come back; when it gives up first (504), or the page opens on a reboot already running,
 * the proxy is read every few seconds and "Rebooting…" stays until the modem has reported back. The cooldown counts
 * down from the proxy's `reboot.available_at` or a 429's `wait_seconds`. A modem other customers use is not the
 * owner's to reboot: the page says to ask support.
 */
export function RebootControl({ proxy, onRebooted }: { proxy: Proxy; onRebooted: (proxy: Proxy) => void }) {
  const { t, tp } = useT();
  const { networkError } = useRequestMessages();
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reboot = proxy.reboot;
  const waiting = reboot?.running === true;
  // The page's callback is a new function every render (the countdown ticks each second): the poll reads the latest
  // one instead of restarting its timer with each.
  const rebooted = useRef(onRebooted);
  useEffect(() => {
    rebooted.current = onRebooted;
  });

  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => {
      getProxy(api, proxy.id).then(
        (next) => {
          if (next.reboot?.running) return;
          if (next.ip) setOutcome({ kind: 'ip', ip: next.ip });
          rebooted.current(next);
        },
        // A failed read is tried again at the next tick.
        () => undefined,
      );
    }, REBOOT_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, proxy.id]);

  if (!reboot) return null;

  const availableAt = Math.max(
    reboot.available_at ? Date.parse(reboot.available_at) : 0,
    outcome?.kind === 'wait' ? outcome.until : 0,
  );
  const wait = Math.max(0, Math.ceil((availableAt - now) / 1000));
  const busy = asking || waiting;

  const start = async () => {
    setConfirming(false);
    setAsking(true);
    setOutcome(null);
    try {
      const answer = await rebootProxy(api, proxy.id);
      if (answer.ip) {
        setOutcome({ kind: 'ip', ip: answer.ip });
        onRebooted(await getProxy(api, proxy.id).catch(() => ({ ...proxy, ip: answer.ip ?? proxy.ip })));
      }
    } catch (error) {
      const body = error instanceof ApiError ? v.safeParse(RotateAnswerSchema, error.body) : null;
      const answer = body?.success ? body.output : undefined;
      if (error instanceof ApiError && error.status === 429 && answer?.wait_seconds !== undefined) {
        setOutcome({ kind: 'wait', until: Date.now() + answer.wait_seconds * 1000 });
      } else if (answer?.error === 'timeout') {
        // Still rebooting: the proxy says when it is back.
        onRebooted({ ...proxy, reboot: { ...reboot, running: true } });
      } else {
        const text = answer?.detail ?? (error instanceof NetworkError ? networkError : t('reboot.failed'));
        setOutcome({ kind: 'error', text });
      }
    } finally {
      setAsking(false);
    }
  };

  let status = '';
  if (busy) status = t('reboot.busyHelp');
  else if (outcome?.kind === 'ip') status = t('reboot.back', { ip: outcome.ip });
  else if (outcome?.kind === 'wait') status = tp('reboot.wait', Math.max(1, wait));
  else if (outcome?.kind === 'error') status = outcome.text;

  return (
    <div className={styles.reboot}>
      <h3 className={ui.subTitle}>{t('reboot.title')}</h3>
      <p className={ui.muted}>{reboot.shared ? t('reboot.shared') : t('reboot.help')}</p>
      <div className={styles.rotateNow}>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={busy || wait > 0 || reboot.shared}
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
          busy={asking}
          onConfirm={() => void start()}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
