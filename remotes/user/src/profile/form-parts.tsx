import { Field } from 'react-final-form';
import { fieldErrorOf, ui } from '@proxy/site-kit';

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
        const error = fieldErrorOf(meta);
        return (
          <div className={ui.field}>
            <label htmlFor={id} className={ui.fieldLabel}>
              {label}
            </label>
            <input
              {...input}
              id={id}
              type={type}
              autoComplete={autoComplete}
              spellCheck={false}
              {...(type === 'email' ? { inputMode: 'email' as const } : {})}
              className={ui.input}
              aria-invalid={error !== ''}
              aria-describedby={`${id}-error`}
            />
            <span id={`${id}-error`} className={ui.fieldError} role={error ? 'alert' : undefined}>
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
    <p id={id} className={ui.fieldError} role={text ? 'alert' : undefined}>
      {text}
    </p>
  );
}
