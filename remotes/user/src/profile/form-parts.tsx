import { Field } from 'react-final-form';
import { FieldNotes, fieldAria, fieldErrorOf, ui } from '@proxy/site-kit';

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
              {...fieldAria(id, error)}
            />
            <FieldNotes id={id} error={error} />
          </div>
        );
      }}
    </Field>
  );
}
