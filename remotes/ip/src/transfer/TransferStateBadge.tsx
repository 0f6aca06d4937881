import type { TransferState } from '@proxy/contract/schemas/transfers';
import { useT } from '../i18n/use-t.ts';
import ui from '../common/ui.module.css';
import styles from './Transfers.module.css';

/** An offer's state as a coloured badge: pending, accepted, declined, cancelled, lapsed. */
export function TransferStateBadge({ state }: { state: TransferState }) {
  const { t } = useT();
  return <span className={`${ui.badge} ${styles[`state_${state}`] ?? ''}`}>{t(`transfer.states.${state}`)}</span>;
}

/** "Lapses in 5 hours" for a pending offer, from the clock the caller ticks. */
export function LapsesIn({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t, tp } = useT();
  const left = new Date(expiresAt).getTime() - now;
  return (
    <span className={left < 12 * 3_600_000 ? ui.urgent : undefined}>
      {left >= 3_600_000 ? tp('transfer.lapsesIn', Math.round(left / 3_600_000)) : t('transfer.lapsesSoon')}
    </span>
  );
}
