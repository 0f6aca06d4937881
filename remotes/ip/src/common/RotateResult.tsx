import { useT } from '../i18n/use-t.ts';
import type { RotateOutcome } from './use-rotate.ts';
import styles from './ui.module.css';

/** What the last "change IP" said, announced politely: the new IP, the cooldown from a 429, or the error. */
export function RotateResult({ outcome }: { outcome: RotateOutcome | null }) {
  const { t, tp } = useT();
  let text = '';
  if (outcome?.kind === 'ip') text = t('rotate.newIp', { ip: outcome.ip });
  else if (outcome?.kind === 'wait') text = tp('rotate.wait', outcome.seconds);
  else if (outcome?.kind === 'error') text = outcome.detail ?? t(outcome.network ? 'errors.network' : 'rotate.failed');
  return (
    <span
      role="status"
      className={outcome?.kind === 'ip' ? styles.ok : outcome ? styles.warningText : styles.visuallyHidden}
    >
      {text}
    </span>
  );
}
