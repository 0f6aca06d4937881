import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form as AntForm, Space } from 'antd';
import { Form } from 'react-final-form';
import type * as v from 'valibot';
import { useKitT } from '../i18n/use-kit-t.ts';
import { useFormSubmit } from './use-form-submit.ts';
import styles from './form.module.css';

interface FormMeta {
  /** Prefix of the fields' element ids (`page-12` → `page-12_title_ru`). */
  readonly name: string;
  readonly readOnly: boolean;
}

/** The form around a field: ResourceForm and the action forms provide it. */
export const FormMetaContext = createContext<FormMeta>({ name: 'form', readOnly: false });
export const useFormMeta = () => useContext(FormMetaContext);

/** A field's element id: the form's name and the field's path, as antd's forms spelt them. */
export const fieldId = (form: string, name: string) => `${form}_${name.replace(/\./g, '_')}`;

export interface ResourceFormProps<Values, Input, Result> {
  readonly name: string;
  readonly initialValues: Values;
  readonly readOnly: boolean;
  /** The request's shape from the form's values; with a schema, what it answers is checked and sent as parsed. */
  readonly toInput: (values: Values) => Input;
  /** The contract schema the API validates the input with: checked here first, so nothing invalid is sent. */
  readonly schema?: v.GenericSchema;
  readonly send: (input: Input) => Promise<Result>;
  readonly done: 'saved' | 'created';
  readonly onSaved?: (result: Result) => void;
  /** Where an error's dotted path lands in this form, when not on the field of that name. */
  readonly errorField?: (path: string) => string;
  /** Told which fields got errors, e.g. to open the language tab holding the first. */
  readonly onFieldErrors?: (fields: string[]) => void;
  /** More buttons beside Save (delete, cancel). */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

/**
 * Every create and edit form of the panel: react-final-form with the contract's valibot schema, antd inputs as the
 * fields. Submitting checks the schema, sends, toasts the outcome and puts every error — the schema's or the
 * server's, nested ones too — on its field. Read-only disables every field and hides the buttons.
 */
export function ResourceForm<Values extends object, Input, Result>({
  name,
  initialValues,
  readOnly,
  toInput,
  schema,
  send,
  done,
  onSaved,
  errorField,
  onFieldErrors,
  actions,
  children,
}: ResourceFormProps<Values, Input, Result>) {
  const { t } = useKitT();
  const { submit } = useFormSubmit<Values, Input, Result>({
    toInput,
    schema,
    send,
    success: () => t(`messages.${done}`),
    onSaved,
    errorField,
    onFieldErrors,
  });

  return (
    <FormMetaContext.Provider value={{ name, readOnly }}>
      <Form<Values>
        initialValues={initialValues}
        onSubmit={submit}
        // Screens compute initial values on every render: a new object must not reset what is being typed.
        initialValuesEqual={() => true}
        render={({ handleSubmit, submitting }) => (
          <AntForm component={false} layout="vertical" disabled={readOnly}>
            <form onSubmit={handleSubmit} noValidate className={styles.form} id={name}>
              {children}
              {!readOnly && (
                <Space wrap className={styles.actions}>
                  <Button type="primary" htmlType="submit" loading={submitting}>
                    {t('actions.save')}
                  </Button>
                  {actions}
                </Space>
              )}
            </form>
          </AntForm>
        )}
      />
    </FormMetaContext.Provider>
  );
}
