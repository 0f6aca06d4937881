import type { ReactNode } from 'react';
import ui from './ui.module.css';

/**
 * What an input says of itself to assistive technology: invalid while it has an error, described by its hint (when
 * it has one) and its error, which `FieldNotes` renders under the same `id`.
 */
export const fieldAria = (id: string, error: string, hasHint = false) => ({
  'aria-invalid': error !== '',
  'aria-describedby': hasHint ? `${id}-hint ${id}-error` : `${id}-error`,
});

/**
 * The lines under an input: its hint, if it has one, then its error. The error's element is always there (so the
 * input's description never points at nothing) and is announced when a message appears in it. A hint that `warns`
 * (a character count past its limit) takes the error's colour before anything is sent.
 */
export function FieldNotes({
  id,
  hint,
  warns = false,
  error,
}: {
  id: string;
  hint?: ReactNode;
  warns?: boolean;
  error: string;
}) {
  return (
    <>
      {hint !== undefined && (
        <span id={`${id}-hint`} className={warns ? ui.fieldError : ui.hint}>
          {hint}
        </span>
      )}
      <span id={`${id}-error`} className={ui.fieldError} role={error ? 'alert' : undefined}>
        {error}
      </span>
    </>
  );
}

/** What the server said about the request as a whole (`non_field_errors`, `detail`), above the form's button. */
export function FormAlert({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className={ui.fieldError} role={text ? 'alert' : undefined}>
      {text}
    </p>
  );
}
