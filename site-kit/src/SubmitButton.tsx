import type { ReactNode } from 'react';
import ui from './ui.module.css';

/**
 * A form's submit button: disabled and announced busy while the form is being sent, and disabled while there is
 * nothing to send yet (`unchanged`: the form still holds what was saved).
 */
export function SubmitButton({
  busy,
  unchanged = false,
  secondary = false,
  describedBy,
  children,
}: {
  /** final-form's `submitting` (undefined before the first submit). */
  busy: boolean | undefined;
  unchanged?: boolean | undefined;
  secondary?: boolean;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={secondary ? ui.secondaryButton : ui.primaryButton}
      disabled={busy === true || unchanged}
      aria-busy={busy === true}
      aria-describedby={describedBy}
    >
      {children}
    </button>
  );
}
