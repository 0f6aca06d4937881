import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form as AntForm, Space } from 'antd';
import { Form } from 'react-final-form';
import * as v from 'valibot';
import type { FieldErrors } from '@proxy/contract/api/errors';
import { hasFieldErrors, nestErrors, reportRequestError, type SubmissionErrors } from '@proxy/contract/forms';
import { appStore, showMessageAtom } from '@proxy/contract/state';
import { useKitT, type KitT } from '../i18n/use-kit-t.ts';
import styles from './form.module.css';

interface FormMeta {
  /** Prefix of the fields' element ids (`page-12` → `page-12_title_ru`). */
  readonly name: string;
  readonly readOnly: boolean;
}

const FormMetaContext = createContext<FormMeta>({ name: 'form', readOnly: false });
export const useFormMeta = () => useContext(FormMetaContext);

/** A field's element id: the form's name and the field's path, as antd's forms spelt them. */
export const fieldId = (form: string, name: string) => `${form}_${name.replace(/\./g, '_')}`;

/**
 * The contract's named checks (`v.regex(SLUG_PATTERN, 'invalid_slug')`): the server words the same names in its own
 * catalogue (server/lib/messages.ts), so a field says the same thing before and after sending.
 */
const NAMED = [
  'invalid_slug',
  'percent_range',
  'date_order',
  'two_decimals',
  'url_scheme',
  'host',
  'port_order',
  'modem_key',
  'country',
] as const;
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** A valibot issue in the kit's words: required, too long, too few or many items, out of range, or invalid. */
function issueMessage(issue: v.BaseIssue<unknown>, t: KitT): string {
  if ((NAMED as readonly string[]).includes(issue.message)) {
    return t(`validation.named.${camel(issue.message) as 'invalidSlug'}`);
  }
  const requirement = issue.requirement as number;
  switch (issue.type) {
    case 'min_length':
      return typeof issue.input === 'string' || requirement <= 1
        ? t('validation.required')
        : t('validation.minItems', { count: requirement });
    case 'max_length':
      return typeof issue.input === 'string'
        ? t('validation.maxLength', { count: requirement })
        : t('validation.maxItems', { count: requirement });
    case 'min_value':
      return t('validation.minValue', { value: requirement });
    case 'max_value':
      return t('validation.maxValue', { value: requirement });
    default:
      return issue.input === undefined || issue.input === '' || Number.isNaN(issue.input)
        ? t('validation.required')
        : t('validation.invalid');
  }
}

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
  errorField = (path) => path,
  onFieldErrors,
  actions,
  children,
}: ResourceFormProps<Values, Input, Result>) {
  const { t } = useKitT();
  const messages = { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') };

  function onErrors(flat: FieldErrors): SubmissionErrors {
    const byField: Record<string, string[]> = {};
    for (const [path, list] of Object.entries(flat)) {
      if (path === 'detail' || path === 'non_field_errors') continue;
      (byField[errorField(path)] ??= []).push(...list);
    }
    onFieldErrors?.(Object.keys(byField));
    return nestErrors(byField);
  }

  async function submit(values: Values): Promise<SubmissionErrors | undefined> {
    let input = toInput(values);
    if (schema) {
      const result = v.safeParse(schema, input);
      // What is sent is what the schema let through (trimmed, defaults filled): exactly what the server will read.
      if (result.success) input = result.output as Input;
      else {
        const flat: Record<string, string[]> = {};
        for (const issue of result.issues) {
          const path = v.getDotPath(issue) ?? 'non_field_errors';
          flat[path] ??= [issueMessage(issue, t)];
        }
        return onErrors(flat);
      }
    }
    try {
      const result = await send(input);
      appStore.set(showMessageAtom, t(`messages.${done}`), 'success');
      onSaved?.(result);
      return undefined;
    } catch (error) {
      reportRequestError(error, messages);
      return hasFieldErrors(error) ? onErrors(error.fieldErrors) : undefined;
    }
  }

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
