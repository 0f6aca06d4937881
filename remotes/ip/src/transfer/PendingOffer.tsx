import { useState } from 'react';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { Card, ConfirmDialog, formatDateTime, ui, useRequestMessages } from '@proxy/site-kit';
import { useNow } from '../common/use-now.ts';
import { useT } from '../i18n/use-t.ts';
import { runTransferAction } from './transfer-action.ts';
import { LapsesIn } from './TransferStateBadge.tsx';
import styles from './Transfers.module.css';

/**
 * The proxy's offer still waiting for an answer: to whom, the note, when it lapses — and Cancel, after a
 * confirmation. A 409 (the recipient answered first, or it lapsed) hands the offer as it is now to the page.
 */
export function PendingOffer({
  offer,
  onCancelled,
  onConflict,
}: {
  offer: Transfer;
  onCancelled: (offer: Transfer) => void;
  onConflict: (offer: Transfer | undefined, detail: string | undefined) => void;
}) {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const now = useNow(60_000);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    const result = await runTransferAction('cancel', offer.id, messages);
    setBusy(false);
    setConfirming(false);
    if (!result) return;
    if (result.ok) onCancelled(result.transfer);
    else onConflict(result.transfer, result.detail);
  };
  return (
    <Card title={t('transfer.offer.pendingTitle')}>
      <dl className={ui.facts}>
        <div>
          <dt>{t('transfer.offer.pendingTo')}</dt>
          <dd className={styles.email}>{offer.email}</dd>
        </div>
        {offer.note && (
          <div>
            <dt>{t('transfer.offer.pendingNote')}</dt>
            <dd>{offer.note}</dd>
          </div>
        )}
        <div>
          <dt>{t('transfer.offer.pendingOffered')}</dt>
          <dd>{formatDateTime(offer.created_at, language)}</dd>
        </div>
        <div>
          <dt>{t('transfer.offer.pendingLapses')}</dt>
          <dd>
            {formatDateTime(offer.expires_at, language)}
            <LapsesIn expiresAt={offer.expires_at} now={now} />
          </dd>
        </div>
      </dl>
      <div>
        <button type="button" className={ui.secondaryButton} onClick={() => setConfirming(true)}>
          {t('transfer.offer.cancel')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('transfer.cancelTitle')}
          text={t('transfer.cancelText')}
          confirm={t('transfer.cancelConfirm')}
          dismiss={t('transfer.keep')}
          busy={busy}
          onConfirm={() => void cancel()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
