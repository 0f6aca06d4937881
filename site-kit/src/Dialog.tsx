import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useKitT } from './i18n/use-kit-t.ts';
import ui from './ui.module.css';

/**
 * A modal dialog on the browser's own `<dialog>`: `showModal()` makes the page behind it inert, keeps focus inside
 * and closes on Escape — what an accessible modal needs, without shipping antd's Modal to pages that have no other
 * use for antd. Rendered means open. On closing, focus goes back to what had it when the dialog opened (the button
 * that opened it), as WAI-ARIA's dialog pattern asks; not every browser does that for a dialog that is removed.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useKitT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read while the dialog first renders: by the time an effect runs, a field of the dialog with `autoFocus` has
  // already taken focus (React focuses it as it mounts), and the opener would be lost (#28).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      className={ui.dialog}
      aria-labelledby={titleId}
      // Escape: the browser would close the dialog itself; the parent unmounts it instead, so its state stays right.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={ui.dialogHeader}>
        <h2 id={titleId} className={ui.dialogTitle}>
          {title}
        </h2>
        <button type="button" className={ui.iconButton} onClick={onClose} aria-label={t('dialog.close')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={ui.dialogBody}>{children}</div>
      {footer && <div className={ui.dialogFooter}>{footer}</div>}
    </dialog>
  );
}

/**
 * "Are you sure?" before something that cannot be taken back (a new password, a new change-IP link, taking a proxy
 * offered by someone else). `tone` 'primary' for a step the customer wants rather than one that destroys something.
 */
export function ConfirmDialog({
  title,
  text,
  confirm,
  busy,
  onConfirm,
  onClose,
  dismiss,
  tone = 'danger',
}: {
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The button that closes without acting, when "Cancel" would be ambiguous (cancelling an offer). */
  dismiss?: string;
  tone?: 'danger' | 'primary';
}) {
  const { t } = useKitT();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.secondaryButton} onClick={onClose}>
            {dismiss ?? t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? ui.dangerButton : ui.primaryButton}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {confirm}
          </button>
        </>
      }
    >
      <p className={ui.dialogText}>{text}</p>
    </Dialog>
  );
}
