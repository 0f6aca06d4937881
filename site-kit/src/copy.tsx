import type { ReactNode } from 'react';
import { appStore, showMessageAtom } from '@proxy/contract/state';
import { useKitT } from './i18n/use-kit-t.ts';
import ui from './ui.module.css';

/**
 * Copies text and confirms it in a toast. The clipboard is refused outside a secure context (a plain-HTTP address
 * on a LAN) or by a browser setting: the toast then says so, and `select`, the element showing the text, is selected
 * for the customer to copy by hand. Answers whether it was copied.
 */
export function useCopy(): (text: string, select?: HTMLElement | null) => Promise<boolean> {
  const { t } = useKitT();
  return async (text, select) => {
    try {
      await navigator.clipboard.writeText(text);
      appStore.set(showMessageAtom, t('copy.done'), 'success');
      return true;
    } catch {
      appStore.set(showMessageAtom, t('copy.failed'), 'error');
      const selection = window.getSelection();
      if (select && selection) selection.selectAllChildren(select);
      return false;
    }
  };
}

/** "Copy" for `text`; `label` names what is copied for screen readers ("Copy the password"). */
export function CopyButton({
  text,
  label,
  compact = false,
  select,
  children,
}: {
  text: string;
  label: string;
  /** The smaller button, for a row of values. */
  compact?: boolean;
  /** The element showing `text`, selected when the clipboard is refused. */
  select?: () => HTMLElement | null;
  children?: ReactNode;
}) {
  const { t } = useKitT();
  const copy = useCopy();
  return (
    <button
      type="button"
      className={compact ? ui.smallButton : ui.secondaryButton}
      onClick={() => void copy(text, select?.())}
      aria-label={label}
      title={label}
    >
      {children ?? t('copy.button')}
    </button>
  );
}
