import { useState } from 'react';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { ConfirmDialog } from '../common/Dialog.tsx';
import { formatTime } from '../common/format.ts';
import { requestMessages } from '../common/messages.ts';
import { useNow } from '../common/use-now.ts';
import { useT } from '../i18n/use-t.ts';
import { runTransferAction } from './transfer-action.ts';
import { LapsesIn } from './TransferStateBadge.tsx';
import ui from '../common/ui.module.css';
import card from '../detail/ProxyPage.module.css';
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
  const now = useNow(60_000);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    const result = await runTransferAction('cancel', offer.id, requestMessages(t));
    setBusy(false);
    setConfirming(false);
    if (!result) return;
    if (result.ok) onCancelled(result.transfer);
    else onConflict(result.transfer, result.detail);
  };
  return (
    <section className={card.card} aria-labelledby="offer-pending">
      <h2 id="offer-pending" className={card.cardTitle}>
        {t('transfer.offer.pendingTitle')}
      </h2>
      <dl className={card.facts}>
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
          <dd>{formatTime(offer.created_at, language)}</dd>
        </div>
        <div>
          <dt>{t('transfer.offer.pendingLapses')}</dt>
          <dd>
            {formatTime(offer.expires_at, language)}
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
    </section>
  );
}
