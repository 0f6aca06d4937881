import { CheckTargetCard } from './CheckTargetCard.tsx';
import { MoveFeeCard } from './MoveFeeCard.tsx';
import { TrialCard } from './TrialCard.tsx';
import styles from './settings.module.css';

/**
 * `/panel/farm?tab=settings`: the farm's settings, one card each — what the agents' health checks request, the free
 * trial's terms and the fee for moving a proxy to a place another plan prices (#29). Each card loads and saves its own part; more cards join the list as the farm gets settings.
 */
export function SettingsPage() {
  return (
    <div className={styles.cards}>
      <CheckTargetCard />
      <TrialCard />
      <MoveFeeCard />
    </div>
  );
}
