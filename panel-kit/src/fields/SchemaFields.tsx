import { Button, Space } from 'antd';
import { useField, useForm } from 'react-final-form';
import type * as v from 'valibot';
import { useFormMeta } from '../form/ResourceForm.tsx';
import { useKitT } from '../i18n/use-kit-t.ts';
import { DateField, ImageField, NumberField, RichTextField, SelectField, SwitchField, TextField } from './fields.tsx';
import { emptyValue, fieldKind, unwrap } from './schema-form.ts';
import styles from './fields.module.css';

/** What the section tells the schema: the names of its fields and choices, and which strings hold HTML. */
export interface SchemaFormText {
  /** A field's label from its schema key (`title`, `items`). */
  readonly field: (key: string) => string;
  /** A choice's label (`sim`, `rotate`). */
  readonly option: (value: string | number) => string;
  /** Whether the string at this path (dotted, list indexes left out: `items.answer`) is rich text. */
  readonly richText: (path: string) => boolean;
  /** A line under the field at this path saying what it takes (an image's recommended size). */
  readonly help?: (path: string) => string | undefined;
}

interface FieldsProps {
  readonly entries: Readonly<Record<string, v.GenericSchema>>;
  /** Where the fields live in the form's values (`data_ru`, `data_ru.items.2`). */
  readonly name: string;
  /** The path from the schema's root, list indexes left out: what picks the rich-text fields. */
  readonly path: readonly string[];
  readonly text: SchemaFormText;
}

/**
 * The form of a value, drawn from its valibot schema: strings become inputs (long ones text areas, HTML the
 * rich-text editor, ISO dates date inputs), picklists selects, booleans switches, images an upload with alt text,
 * objects groups, arrays repeatable groups that can be added, removed and moved within the schema's bounds.
 */
export function SchemaFields({ entries, name, path, text }: FieldsProps) {
  return (
    <>
      {Object.entries(entries).map(([key, schema]) => (
        <SchemaField
          key={key}
          fieldKey={key}
          schema={schema}
          name={`${name}.${key}`}
          path={[...path, key]}
          text={text}
        />
      ))}
    </>
  );
}

interface FieldProps {
  readonly fieldKey: string;
  readonly schema: v.GenericSchema;
  readonly name: string;
  readonly path: readonly string[];
  readonly text: SchemaFormText;
}

function SchemaField({ fieldKey, schema, name, path, text }: FieldProps) {
  const label = text.field(fieldKey);
  const { optional } = unwrap(schema);
  const kind = fieldKind(schema);
  switch (kind.kind) {
    case 'image':
      return (
        <ImageField
          name={name}
          label={label}
          help={text.help?.(path.join('.'))}
          required={!optional}
          optional={optional}
        />
      );
    case 'object':
      return (
        <fieldset className={styles.group}>
          <legend>{label}</legend>
          <SchemaFields entries={kind.entries} name={name} path={path} text={text} />
        </fieldset>
      );
    case 'list':
      return <ListField {...{ fieldKey, name, path, text, kind }} label={label} />;
    case 'choice':
      return (
        <SelectField
          name={name}
          label={label}
          required={!optional}
          allowClear={optional}
          options={kind.options.map((value) => ({ value, label: text.option(value) }))}
        />
      );
    case 'switch':
      return <SwitchField name={name} label={label} />;
    case 'number':
      return (
        <NumberField
          name={name}
          label={label}
          required={!optional}
          min={kind.min}
          max={kind.max}
          precision={kind.integer ? 0 : undefined}
        />
      );
    case 'date':
      return <DateField name={name} label={label} required={!optional} />;
    case 'text':
      if (text.richText(path.join('.'))) {
        return <RichTextField name={name} label={label} required={kind.required} height={240} />;
      }
      return (
        <TextField
          name={name}
          label={label}
          required={kind.required}
          maxLength={kind.maxLength}
          {...((kind.maxLength ?? 0) > 200 ? { rows: { min: 2, max: 8 }, showCount: true } : {})}
        />
      );
  }
}

/** A list of items: each in its own group with up, down and remove; add at the end, within the schema's bounds. */
function ListField({
  fieldKey,
  label,
  name,
  path,
  text,
  kind,
}: Omit<FieldProps, 'schema'> & {
  readonly label: string;
  readonly kind: Extract<ReturnType<typeof fieldKind>, { kind: 'list' }>;
}) {
  const { t } = useKitT();
  const { readOnly } = useFormMeta();
  const form = useForm();
  const { input, meta } = useField<unknown[]>(name, {
    subscription: { value: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const items = input.value || [];
  // An error on the list itself (too few items) is a string; errors of its items are nested under their indexes.
  const error = !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : undefined;
  const item = fieldKind(kind.item);
  const change = (next: unknown[]) => form.change(name, next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    change(next);
  };

  return (
    <fieldset className={styles.group}>
      <legend>{label}</legend>
      {items.map((_value, index) => {
        const itemLabel = t('list.item', { label, number: index + 1 });
        return (
          <section key={index} className={styles.item} aria-label={itemLabel}>
            <div className={styles.itemBar}>
              <span className={styles.itemTitle}>{t('list.itemNumber', { number: index + 1 })}</span>
              {!readOnly && (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    onClick={() => move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={t('list.moveUp', { item: itemLabel })}
                  >
                    {t('actions.up')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => move(index, index + 1)}
                    disabled={index === items.length - 1}
                    aria-label={t('list.moveDown', { item: itemLabel })}
                  >
                    {t('actions.down')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => change(items.filter((_other, at) => at !== index))}
                    disabled={items.length <= kind.min}
                    aria-label={t('list.remove', { item: itemLabel })}
                  >
                    {t('actions.remove')}
                  </Button>
                </Space>
              )}
            </div>
            {item.kind === 'object' ? (
              <SchemaFields entries={item.entries} name={`${name}.${index}`} path={path} text={text} />
            ) : (
              <SchemaField fieldKey={fieldKey} schema={kind.item} name={`${name}.${index}`} path={path} text={text} />
            )}
          </section>
        );
      })}
      {error && (
        <p className={styles.listError} role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <Button onClick={() => change([...items, emptyValue(kind.item)])} disabled={items.length >= kind.max}>
          {t('list.add', { label })}
        </Button>
      )}
    </fieldset>
  );
}
