import { Form, Input } from 'antd';
import { Field } from 'react-final-form';

/** A labelled antd input bound to a final-form field; shows the field's submit error (ours or the server's). */
export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  inputMode,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'text';
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = !meta.dirtySinceLastSubmit ? (meta.submitError as string | undefined) : undefined;
        const id = `auth-${name}`;
        const props = {
          ...input,
          id,
          autoComplete,
          autoFocus,
          inputMode,
          size: 'large' as const,
          status: error ? ('error' as const) : undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            validateStatus={error ? 'error' : undefined}
            help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
          >
            {type === 'password' ? <Input.Password {...props} /> : <Input {...props} type={type} />}
          </Form.Item>
        );
      }}
    </Field>
  );
}
