import { ui, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import type { RotateOutcome } from './use-rotate.ts';

/** What the last "change IP" said, announced politely: the new IP, the cooldown from a 429, or the error. */
export function RotateResult({ outcome }: { outcome: RotateOutcome | null }) {
  const { t, tp } = useT();
  const { networkError } = useRequestMessages();
  let text = '';
  if (outcome?.kind === 'ip') text = t('rotate.newIp', { ip: outcome.ip });
  else if (outcome?.kind === 'wait') text = tp('rotate.wait', outcome.seconds);
  else if (outcome?.kind === 'error') text = outcome.detail ?? (outcome.network ? networkError : t('rotate.failed'));
  return (
    <span role="status" className={outcome?.kind === 'ip' ? ui.ok : outcome ? ui.warningText : ui.visuallyHidden}>
      {text}
    </span>
  );
}
