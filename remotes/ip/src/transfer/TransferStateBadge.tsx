import type { TransferState } from '@proxy/contract/schemas/transfers';
import { ui } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import common from '../common/common.module.css';

const STATE_TONES: Readonly<Record<TransferState, string | undefined>> = {
  pending: ui.pending,
  accepted: ui.success,
  declined: undefined,
  cancelled: undefined,
  expired: undefined,
};

/** An offer's state as a coloured badge: pending, accepted, declined, cancelled, lapsed. */
export function TransferStateBadge({ state }: { state: TransferState }) {
  const { t } = useT();
  return <span className={`${ui.badge} ${STATE_TONES[state] ?? ''}`}>{t(`transfer.states.${state}`)}</span>;
}

/** "Lapses in 5 hours" for a pending offer, from the clock the caller ticks. */
export function LapsesIn({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t, tp } = useT();
  const left = new Date(expiresAt).getTime() - now;
  return (
    <span className={left < 12 * 3_600_000 ? common.urgent : undefined}>
      {left >= 3_600_000 ? tp('transfer.lapsesIn', Math.round(left / 3_600_000)) : t('transfer.lapsesSoon')}
    </span>
  );
}
