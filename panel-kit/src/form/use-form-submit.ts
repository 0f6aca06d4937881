import * as v from 'valibot';
import type { FieldErrors } from '@proxy/contract/api/errors';
import { hasFieldErrors, nestErrors, reportRequestError, type SubmissionErrors } from '@proxy/contract/forms';
import { appStore, showMessageAtom } from '@proxy/contract/state';
import { useKitT, type KitT } from '../i18n/use-kit-t.ts';

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

export interface FormSubmitOptions<Values, Input, Result> {
  /** The request's shape from the form's values. */
  readonly toInput: (values: Values) => Input;
  /** The contract schema the API validates the input with: checked first, so nothing invalid is sent. */
  readonly schema?: v.GenericSchema;
  /** The section's words for its schema's own named checks (`v.check(…, 'not_zero')` → "Enter an amount…"). */
  readonly checkMessages?: Readonly<Record<string, string>>;
  readonly send: (input: Input) => Promise<Result>;
  /** The success toast, from what the API answered. */
  readonly success: (result: Result) => string;
  readonly onSaved?: (result: Result) => void;
  /** Where an error's dotted path lands in this form, when not on the field of that name. */
  readonly errorField?: (path: string) => string;
  /** Told which fields got errors, e.g. to open the language tab holding the first. */
  readonly onFieldErrors?: (fields: string[]) => void;
}

export type Checked<Input> =
  { readonly ok: true; readonly input: Input } | { readonly ok: false; readonly errors: SubmissionErrors };

export type Sent = { readonly ok: true } | { readonly ok: false; readonly errors: SubmissionErrors | undefined };

/**
 * What every kit form does on submit, in two steps (an action form asks for a confirmation between them): `check`
 * turns the values into the request and checks it with the schema — what is sent is what the schema let through
 * (trimmed, defaults filled), exactly what the server will read; `send` sends it, toasts the outcome and answers
 * the server's field errors. Every error, the schema's or the server's, nested ones too, lands on its field.
 */
export function useFormSubmit<Values, Input, Result>({
  toInput,
  schema,
  checkMessages = {},
  send,
  success,
  onSaved,
  errorField = (path) => path,
  onFieldErrors,
}: FormSubmitOptions<Values, Input, Result>): {
  check: (values: Values) => Checked<Input>;
  send: (input: Input) => Promise<Sent>;
  /** Both steps at once, answering final-form's submission errors. */
  submit: (values: Values) => Promise<SubmissionErrors | undefined>;
} {
  const { t } = useKitT();

  function onErrors(flat: FieldErrors): SubmissionErrors {
    const byField: Record<string, string[]> = {};
    for (const [path, list] of Object.entries(flat)) {
      if (path === 'detail' || path === 'non_field_errors') continue;
      (byField[errorField(path)] ??= []).push(...list);
    }
    onFieldErrors?.(Object.keys(byField));
    return nestErrors(byField);
  }

  function check(values: Values): Checked<Input> {
    const input = toInput(values);
    if (!schema) return { ok: true, input };
    const result = v.safeParse(schema, input);
    if (result.success) return { ok: true, input: result.output as Input };
    const flat: Record<string, string[]> = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue) ?? 'non_field_errors';
      flat[path] ??= [
        Object.hasOwn(checkMessages, issue.message) ? (checkMessages[issue.message] as string) : issueMessage(issue, t),
      ];
    }
    return { ok: false, errors: onErrors(flat) };
  }

  async function sendInput(input: Input): Promise<Sent> {
    try {
      const result = await send(input);
      appStore.set(showMessageAtom, success(result), 'success');
      onSaved?.(result);
      return { ok: true };
    } catch (error) {
      reportRequestError(error, { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') });
      return { ok: false, errors: hasFieldErrors(error) ? onErrors(error.fieldErrors) : undefined };
    }
  }

  async function submit(values: Values): Promise<SubmissionErrors | undefined> {
    const checked = check(values);
    if (!checked.ok) return checked.errors;
    const sent = await sendInput(checked.input);
    return sent.ok ? undefined : sent.errors;
  }

  return { check, send: sendInput, submit };
}
