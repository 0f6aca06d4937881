import { FORM_ERROR } from 'final-form';
import { Field } from 'react-final-form';
import { reportRequestError, type RequestMessages, type SubmissionErrors } from '@proxy/contract/forms';
import styles from './profile.module.css';

/** A field's message: what the last check or submit said about it, until it is edited again. */
export const errorOf = (meta: { submitError?: unknown; dirtySinceLastSubmit?: boolean }): string =>
  !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : '';

/** The generic texts `@proxy/contract/forms` shows when a request got no answer or a 5xx. */
export const requestMessages = (t: (key: 'errors.network' | 'errors.unknown') => string): RequestMessages => ({
  networkError: t('errors.network'),
  unknownError: t('errors.unknown'),
});

/**
 * A failed request's toast (`@proxy/contract/forms`), and its messages for the form: each field's on it, the ones
 * about the request as a whole (`non_field_errors`, `detail`) as the form's own error.
 */
export function formErrorsOf(error: unknown, messages: RequestMessages): SubmissionErrors | undefined {
  const errors = reportRequestError(error, messages);
  if (!errors) return undefined;
  const general = [errors.non_field_errors, errors.detail].filter(Boolean).join(' ');
  return general ? { ...errors, [FORM_ERROR]: general } : errors;
}

/**
 * One labelled input of the user page's forms with its error under it (announced when it appears). The error comes
 * from `onSubmit`'s answer: the client's own checks and the server's field errors alike.
 */
export function TextField({
  name,
  id,
  label,
  type,
  autoComplete,
}: {
  name: string;
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = errorOf(meta);
        return (
          <div className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              {label}
            </label>
            <input
              {...input}
              id={id}
              type={type}
              autoComplete={autoComplete}
              spellCheck={false}
              {...(type === 'email' ? { inputMode: 'email' as const } : {})}
              className={styles.input}
              aria-invalid={error !== ''}
              aria-describedby={`${id}-error`}
            />
            <span id={`${id}-error`} className={styles.fieldError} role={error ? 'alert' : undefined}>
              {error}
            </span>
          </div>
        );
      }}
    </Field>
  );
}

/** What the server said about the request as a whole (`non_field_errors`, `detail`), above the button. */
export function FormAlert({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className={styles.formError} role={text ? 'alert' : undefined}>
      {text}
    </p>
  );
}
