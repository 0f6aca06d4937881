import { showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import styles from './ui.module.css';

/** Copies `text` and says so in a toast; `label` names what is copied for screen readers ("Copy password"). */
export function CopyButton({ text, label, compact = false }: { text: string; label: string; compact?: boolean }) {
  const { t } = useT();
  const show = useSetAtom(showMessageAtom);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      show(t('copy.done'), 'success');
    } catch {
      // Clipboard access is refused outside a secure context or by a browser setting: the text is on screen to select.
      show(t('copy.failed'), 'error');
    }
  };
  return (
    <button
      type="button"
      className={compact ? styles.smallButton : styles.secondaryButton}
      onClick={() => void copy()}
      aria-label={label}
      title={label}
    >
      {t('copy.button')}
    </button>
  );
}
