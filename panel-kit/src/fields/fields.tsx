import { useState, type ReactNode } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useField } from 'react-final-form';
import { decimalText, formatPrice, readAmountText, readDecimalText, type Currency } from '@proxy/contract/money';
import { RichTextEditor } from '../editor/RichTextEditor.tsx';
import { fieldId, useFormMeta } from '../form/ResourceForm.tsx';
import { useKitT } from '../i18n/use-kit-t.ts';
import { ImageInput } from './ImageInput.tsx';
import { numberProblemText } from './number-problem.ts';
import styles from './fields.module.css';

/** Values stay as typed: final-form would turn an emptied text into undefined, which a string schema refuses. */
const identity = <T,>(value: T) => value;

export interface FieldProps {
  /** The value's path in the form (`title_ru`, `data_ru.items.0.title`). */
  readonly name: string;
  readonly label: string;
  /** A line under the field saying what it takes. */
  readonly help?: ReactNode;
  readonly required?: boolean;
}

/**
 * One field of a form: binds `name` in the final-form state and renders the antd item around the control, with the
 * field's error (the schema's or the server's) from the last submit until the field is edited again.
 */
function useBoundField<T>(name: string) {
  const { name: form, readOnly } = useFormMeta();
  const { input, meta } = useField<T>(name, {
    parse: identity,
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const error = meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined);
  const id = fieldId(form, name);
  return { input, error, id, readOnly };
}

function Item({
  id,
  label,
  help,
  required,
  error,
  children,
}: { id: string; error: string | undefined; children: ReactNode } & Omit<FieldProps, 'name'>) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      extra={help}
    >
      {children}
    </Form.Item>
  );
}

const describedBy = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

export function TextField({
  maxLength,
  rows,
  prefix,
  showCount,
  password,
  placeholder,
  ...props
}: FieldProps & {
  maxLength?: number;
  rows?: { min: number; max: number };
  prefix?: string;
  showCount?: boolean;
  /** A secret typed in (an API key): masked, and never offered by the browser's password manager. */
  password?: boolean;
  placeholder?: string;
}) {
  const { input, error, id } = useBoundField<string>(props.name);
  const common = {
    ...input,
    value: input.value ?? '',
    id,
    maxLength,
    placeholder,
    status: error ? ('error' as const) : undefined,
  };
  return (
    <Item {...props} id={id} error={error}>
      {rows ? (
        <Input.TextArea
          {...common}
          {...describedBy(id, error)}
          autoSize={{ minRows: rows.min, maxRows: rows.max }}
          showCount={showCount}
        />
      ) : password ? (
        <Input.Password {...common} {...describedBy(id, error)} autoComplete="new-password" />
      ) : (
        <Input {...common} {...describedBy(id, error)} prefix={prefix} autoComplete="off" />
      )}
    </Item>
  );
}

/** Digits after the mark a number field takes when its caller names no precision (a schema's plain `number`). */
const FREE_DECIMALS = 6;

/**
 * A number typed in either language (a percentage, a port, a count): the contract's `readDecimalText` reads the text,
 * so "2,5" and "2.5" are 2.5, and "1.000,5", a decimal in a whole-number field or more decimals than `precision` are
 * refused on the field with the rule (#49: antd's InputNumber read "2,5" as 25 and clamped what was out of range on
 * blur without a word). The form holds the number; while the text cannot be read it holds the text itself, which the
 * field's own check refuses, so no submit goes out. Out of `min`/`max` is refused the same way, never clamped.
 */
export function NumberField({
  min,
  max,
  precision,
  ...props
}: FieldProps & { min?: number; max?: number; precision?: number }) {
  const { t, language } = useKitT();
  const { name: form } = useFormMeta();
  const decimals = precision ?? FREE_DECIMALS;
  const signed = min === undefined || min < 0;
  const read = (text: string) => readDecimalText(text, { decimals, signed });
  const { input, meta } = useField<number | string | null>(props.name, {
    parse: identity,
    validate: (value) => {
      // An emptied field is the schema's to refuse when it is required, not a misreading.
      if (typeof value === 'string' && value.trim() !== '') {
        const outcome = read(value);
        return 'problem' in outcome ? numberProblemText(t, outcome.problem, decimals) : undefined;
      }
      if (typeof value !== 'number') return undefined;
      if (max !== undefined && value > max) return t('number.max', { value: decimalText(max, language) });
      if (min !== undefined && value < min) return t('number.min', { value: decimalText(min, language) });
      return undefined;
    },
    subscription: { value: true, error: true, touched: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const [typed, setTyped] = useState<string | null>(null);
  const value = input.value;
  // What was typed, while it still says the form's value; the value itself once the form changed it (a load, a reset).
  const agrees =
    typed !== null &&
    (typeof value === 'string'
      ? value === typed
      : typeof value === 'number'
        ? ((outcome) => 'value' in outcome && outcome.value === value)(read(typed))
        : typed.trim() === '');
  const text = agrees ? typed : typeof value === 'number' ? decimalText(value, language) : (value ?? '');
  const error =
    (meta.touched ? (meta.error as string | undefined) : undefined) ??
    (meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined));
  const id = fieldId(form, props.name);
  return (
    <Item {...props} id={id} error={error}>
      <Input
        id={id}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          const outcome = read(next);
          input.onChange(next.trim() === '' ? null : 'value' in outcome ? outcome.value : next);
        }}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        // The phone's keyboard with digits (and a decimal mark where one is allowed); a text input, so both marks type.
        inputMode={decimals === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={styles.number}
        status={error ? 'error' : undefined}
        {...describedBy(id, error)}
      />
    </Item>
  );
}

/** What is wrong with a typed amount, in the kit's words. */
const TEXT_PROBLEMS = {
  format: 'money.format',
  decimals: 'money.decimals',
  negative: 'money.negative',
  above_max: 'money.tooLarge',
} as const;

/**
 * An amount of money typed in major units, in either language: the form holds the text as typed and the contract's
 * `readAmountText` reads it — "150,5" and "150.5" are 150.50, anything it could misread ("1.000,5", "1,000", "150,")
 * is refused on the field with the rule, never guessed (#49: an InputNumber dropped the comma and credited 1 505 ₽ for
 * "150,5"). What the text was read as is shown under it, in the currency. `min`/`max` are in minor units, worded in
 * the currency ("At most 10 000 ₽"), where a schema would say "At most 1000000". A request takes `minorUnitsOf(text)`.
 */
export function MoneyField({
  currency,
  signed = false,
  min,
  max,
  help,
  ...props
}: FieldProps & { currency: Currency; signed?: boolean; min?: number; max?: number }) {
  const { t, language } = useKitT();
  const { name: form } = useFormMeta();
  const price = (minor: number) => formatPrice(minor, currency, language);
  const read = (text: string | undefined) => (text?.trim() ? readAmountText(text, { signed }) : null);
  const { input, meta } = useField<string>(props.name, {
    parse: identity,
    // A field-level check: final-form submits nothing while it fails, so no misread amount reaches a confirmation.
    validate: (text) => {
      const outcome = read(text);
      if (!outcome) return undefined;
      if ('problem' in outcome) return t(TEXT_PROBLEMS[outcome.problem]);
      if (max !== undefined && outcome.minor > max) return t('money.max', { amount: price(max) });
      if (min !== undefined && outcome.minor < min) return t('money.min', { amount: price(min) });
      return undefined;
    },
    subscription: { value: true, error: true, touched: true, submitError: true, dirtySinceLastSubmit: true },
  });
  // The text's own problem once the field was left or a submit tried; the schema's or the server's from the last submit.
  const error =
    (meta.touched ? (meta.error as string | undefined) : undefined) ??
    (meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined));
  const id = fieldId(form, props.name);
  const outcome = read(input.value);
  const reading = outcome && 'minor' in outcome ? t('money.reads', { amount: price(outcome.minor) }) : null;
  return (
    <Item
      {...props}
      id={id}
      error={error}
      help={
        help || reading ? (
          <>
            {help}
            {reading && (
              <span className={styles.reading} id={`${id}-reading`}>
                {reading}
              </span>
            )}
          </>
        ) : undefined
      }
    >
      <Input
        {...input}
        value={input.value ?? ''}
        id={id}
        // The phone's keyboard with digits and a decimal mark; the text, not a number input, so both marks type.
        inputMode="decimal"
        autoComplete="off"
        className={styles.money}
        status={error ? 'error' : undefined}
        // The reading is announced with the field, as the error is when there is one instead.
        {...(error ? describedBy(id, error) : reading ? { 'aria-describedby': `${id}-reading` } : {})}
      />
    </Item>
  );
}

/** A whole number (a port, a count, a version code): a fraction is refused on the field, never dropped or merged. */
export function IntegerField(props: FieldProps & { min?: number; max?: number }) {
  return <NumberField {...props} precision={0} />;
}

export function SelectField<T extends string | number>({
  options,
  allowClear,
  onChange,
  ...props
}: FieldProps & {
  options: readonly { value: T; label: string }[];
  allowClear?: boolean;
  /** Told of every choice, e.g. to show the fields that choice needs. */
  onChange?: (value: T) => void;
}) {
  const { input, error, id } = useBoundField<T | undefined>(props.name);
  return (
    <Item {...props} id={id} error={error}>
      <Select<T>
        id={id}
        value={input.value}
        onChange={(value) => {
          input.onChange(value);
          onChange?.(value);
        }}
        allowClear={allowClear}
        options={[...options]}
        status={error ? 'error' : undefined}
        {...describedBy(id, error)}
      />
    </Item>
  );
}

export function SwitchField({
  onChange,
  disabled,
  ...props
}: FieldProps & {
  onChange?: (on: boolean) => void;
  /** This one switch is not the user's to change (its help says why); the whole form's read-only is the form's. */
  disabled?: boolean;
}) {
  const { input, error, id } = useBoundField<boolean>(props.name);
  return (
    <Item {...props} id={id} error={error}>
      <Switch
        id={id}
        // `false` would override a read-only form's disabling (antd prefers the prop to the form's context).
        disabled={disabled || undefined}
        checked={Boolean(input.value)}
        onChange={(on) => {
          input.onChange(on);
          onChange?.(on);
        }}
      />
    </Item>
  );
}

export function DateField(props: FieldProps) {
  const { input, error, id } = useBoundField<string>(props.name);
  return (
    <Item {...props} id={id} error={error}>
      <Input
        {...input}
        value={input.value ?? ''}
        id={id}
        type="date"
        className={styles.date}
        status={error ? 'error' : undefined}
      />
    </Item>
  );
}

/** HTML in the self-hosted TinyMCE, loaded with the first editor on screen; the server sanitizes it on save. */
export function RichTextField({
  height,
  editorLabel,
  ...props
}: FieldProps & {
  height?: number;
  /** The editing area's name for screen readers, when more than the label. */ editorLabel?: string;
}) {
  const { input, error, id, readOnly } = useBoundField<string>(props.name);
  const { language } = useKitT();
  return (
    <Item {...props} id={id} error={error}>
      <RichTextEditor
        id={id}
        value={input.value ?? ''}
        onChange={input.onChange}
        language={language}
        label={editorLabel ?? props.label}
        readOnly={readOnly}
        height={height}
      />
    </Item>
  );
}

/** A picture uploaded through the contract's helper, with its alt text; `optional` offers Remove. */
export function ImageField({ optional, ...props }: FieldProps & { optional: boolean }) {
  const { input, error, id, readOnly } = useBoundField<Parameters<typeof ImageInput>[0]['value']>(props.name);
  return (
    <Item {...props} id={id} error={error}>
      <ImageInput id={id} value={input.value} onChange={input.onChange} optional={optional} disabled={readOnly} />
    </Item>
  );
}

/** Fields side by side where the width allows (short ones: slug, menu, order, published). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
