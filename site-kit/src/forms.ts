import { FORM_ERROR } from 'final-form';
import { reportRequestError, type RequestMessages, type SubmissionErrors } from '@proxy/contract/forms';

/**
 * A field's message (or the form's, from its state): what the last check or submit said about it, ours or the
 * server's, until it is edited again; '' when there is none.
 */
export const fieldErrorOf = (meta: { submitError?: unknown; dirtySinceLastSubmit?: boolean }): string =>
  !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : '';

/**
 * One field's message in the errors a form without final-form keeps (what `formErrorsOf` answered): a string, or the
 * server's list of them joined; '' when the field has none.
 */
export function errorText(errors: Readonly<Record<string, unknown>> | undefined, field: string): string {
  const value = errors?.[field];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.flat().join(' ') : '';
}

/**
 * A failed request's toast (`@proxy/contract/forms`), and its messages for the form: each field's on it; those about
 * the request as a whole (`non_field_errors`, `detail`, and the `general` fields this form has no input for) as the
 * form's own error, which `fieldErrorOf(formState)` reads.
 */
export function formErrorsOf(
  error: unknown,
  messages: RequestMessages,
  general: readonly string[] = [],
): SubmissionErrors | undefined {
  const errors = reportRequestError(error, messages);
  if (!errors) return undefined;
  const text = [...general, 'non_field_errors', 'detail']
    .map((field) => errors[field])
    .filter(Boolean)
    .join(' ');
  return text ? { ...errors, [FORM_ERROR]: text } : errors;
}
