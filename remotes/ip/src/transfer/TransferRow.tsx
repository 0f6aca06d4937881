import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { operatorName } from '@proxy/contract/countries';
import { paths } from '@proxy/contract/routes';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { ConfirmDialog, formatDateTime, ui, useProxyName, useRequestMessages } from '@proxy/site-kit';
import { Place, usePlaceName } from '../common/ProxyName.tsx';
import { useT } from '../i18n/use-t.ts';
import { runTransferAction, type TransferAction } from './transfer-action.ts';
import { LapsesIn, TransferStateBadge } from './TransferStateBadge.tsx';
import styles from './Transfers.module.css';

type Outcome = { readonly kind: 'done'; readonly text: string } | { readonly kind: 'conflict'; readonly text: string };

/**
 * One offer of the list, as the viewer's side sees it: the proxy's name while the viewer owns it (a link to it; the
 * API answers neither its id nor its label otherwise, #28), where it is, who the other side is, the note, the
 * state with its dates, and what this side may do — the recipient accepts (after a confirmation saying what that
 * changes) or declines a pending offer, the sender cancels it. The answer replaces the row; a 409 says why on the
 * row and shows the offer as it is now. Focus moves to the outcome, since the button pressed is gone.
 */
export function TransferRow({
  transfer,
  now,
  onChanged,
}: {
  transfer: Transfer;
  now: number;
  onChanged: (transfer: Transfer) => void;
}) {
  const { t, language } = useT();
  const placeName = usePlaceName();
  const proxyName = useProxyName();
  const messages = useRequestMessages();
  const titleId = useId();
  const [confirming, setConfirming] = useState<'accept' | 'cancel' | null>(null);
  const [busy, setBusy] = useState<TransferAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const act = async (action: TransferAction) => {
    setBusy(action);
    setOutcome(null);
    const result = await runTransferAction(action, transfer.id, messages);
    setBusy(null);
    setConfirming(null);
    if (!result) return;
    if (result.transfer) onChanged(result.transfer);
    if (result.ok) {
      const state = result.transfer.state;
      if (state === 'accepted' || state === 'declined' || state === 'cancelled') {
        setOutcome({ kind: 'done', text: t(`transfer.done.${state}`) });
      }
    } else {
      setOutcome({ kind: 'conflict', text: result.detail ?? t('transfer.conflict') });
    }
  };

  const pending = transfer.state === 'pending';
  const incoming = transfer.direction === 'incoming';
  const place = placeName(transfer);
  return (
    <li className={styles.row} aria-labelledby={titleId}>
      <div className={styles.rowMain}>
        <h3 id={titleId} className={styles.rowTitle}>
          <Place proxy={transfer} />
          <span className={styles.operator}>{operatorName(transfer, language)}</span>
        </h3>
        {transfer.proxy_id !== null && (
          <p>
            <Link to={paths.ipDetail(transfer.proxy_id, language)}>
              {proxyName({ id: transfer.proxy_id, comment: transfer.proxy_comment })}
            </Link>
          </p>
        )}
        <p className={styles.email}>{t(incoming ? 'transfer.from' : 'transfer.to', { email: transfer.email })}</p>
        {transfer.note && <q className={styles.noteText}>{transfer.note}</q>}
      </div>
      <div className={styles.rowState}>
        <TransferStateBadge state={transfer.state} />
        <span className={ui.muted}>
          {t('transfer.offered', { date: formatDateTime(transfer.created_at, language) })}
        </span>
        {transfer.state === 'pending' ? (
          <LapsesIn expiresAt={transfer.expires_at} now={now} />
        ) : (
          transfer.decided_at && (
            <span className={ui.muted}>
              {t(`transfer.decided.${transfer.state}`, { date: formatDateTime(transfer.decided_at, language) })}
            </span>
          )
        )}
      </div>
      <div className={styles.rowActions}>
        {pending && incoming && (
          <>
            <button
              type="button"
              className={ui.primaryButton}
              aria-describedby={titleId}
              disabled={busy !== null}
              onClick={() => setConfirming('accept')}
            >
              {t('transfer.accept')}
            </button>
            <button
              type="button"
              className={ui.secondaryButton}
              aria-describedby={titleId}
              disabled={busy !== null}
              aria-busy={busy === 'decline'}
              onClick={() => void act('decline')}
            >
              {t('transfer.decline')}
            </button>
          </>
        )}
        {pending && !incoming && (
          <button
            type="button"
            className={ui.secondaryButton}
            aria-describedby={titleId}
            disabled={busy !== null}
            onClick={() => setConfirming('cancel')}
          >
            {t('transfer.cancel')}
          </button>
        )}
        {transfer.proxy_id !== null && (
          <Link to={paths.ipDetail(transfer.proxy_id, language)} className={ui.secondaryButton}>
            {t('transfer.openProxy')}
          </Link>
        )}
      </div>
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={`${styles.outcome} ${outcome.kind === 'conflict' ? ui.fieldError : ui.ok}`}
          role={outcome.kind === 'conflict' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      )}
      {confirming === 'accept' && (
        <ConfirmDialog
          title={t('transfer.acceptTitle')}
          text={t('transfer.acceptText', { place, operator: operatorName(transfer, language) })}
          confirm={t('transfer.acceptConfirm')}
          tone="primary"
          busy={busy !== null}
          onConfirm={() => void act('accept')}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'cancel' && (
        <ConfirmDialog
          title={t('transfer.cancelTitle')}
          text={t('transfer.cancelText')}
          confirm={t('transfer.cancelConfirm')}
          dismiss={t('transfer.keep')}
          busy={busy !== null}
          onConfirm={() => void act('cancel')}
          onClose={() => setConfirming(null)}
        />
      )}
    </li>
  );
}
