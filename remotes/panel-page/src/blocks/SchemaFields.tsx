import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type * as v from 'valibot';
import type { BlockType } from '@proxy/contract/schemas/blocks';
import { RichTextEditor } from '../editor/RichTextEditor.tsx';
import type { NamePath } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import { ImageField } from './ImageField.tsx';
import { emptyValue, fieldKind, isRichText, unwrap } from './schema-form.ts';
import styles from './blocks-editor.module.css';

type Translate = ReturnType<typeof useT>['t'];

/** A field's label from its schema key (`title`, `items`, `poster`); an unknown key shows as itself. */
function fieldLabel(t: Translate, key: string): string {
  return t(`fields.${key}` as never, { defaultValue: key });
}

/** A choice's label (feature icons have names); an unknown value shows as itself. */
function optionLabel(t: Translate, value: string | number): string {
  return t(`options.${String(value)}` as never, { defaultValue: String(value) });
}

interface FieldsProps {
  readonly entries: Readonly<Record<string, v.GenericSchema>>;
  /** Where the fields live in the form, relative to the enclosing list item if any (antd's `Form.List` rule). */
  readonly name: NamePath;
  /** The path from the block's data root, list indexes left out (`items.answer`): what picks the rich-text fields. */
  readonly path: readonly string[];
  readonly blockType: BlockType;
  readonly readOnly: boolean;
}

/**
 * The form of a block's data, drawn from its valibot schema: strings become inputs (long ones text areas, HTML the
 * rich-text editor, ISO dates date inputs), picklists selects, booleans switches, images an upload with alt text,
 * arrays repeatable groups that can be added, removed and moved within the schema's bounds.
 */
export function SchemaFields({ entries, name, path, blockType, readOnly }: FieldsProps) {
  return (
    <>
      {Object.entries(entries).map(([key, schema]) => (
        <SchemaField
          key={key}
          fieldKey={key}
          schema={schema}
          name={[...name, key]}
          path={[...path, key]}
          blockType={blockType}
          readOnly={readOnly}
        />
      ))}
    </>
  );
}

interface FieldProps {
  readonly fieldKey: string;
  readonly schema: v.GenericSchema;
  readonly name: NamePath;
  readonly path: readonly string[];
  readonly blockType: BlockType;
  readonly readOnly: boolean;
}

function SchemaField({ fieldKey, schema, name, path, blockType, readOnly }: FieldProps) {
  const { t, language } = useT();
  const label = fieldLabel(t, fieldKey);
  const { optional } = unwrap(schema);
  const kind = fieldKind(schema);
  switch (kind.kind) {
    case 'image':
      return (
        <Form.Item name={name} label={label} required={!optional}>
          <ImageField optional={optional} disabled={readOnly} />
        </Form.Item>
      );
    case 'object':
      return (
        <fieldset className={styles.group}>
          <legend>{label}</legend>
          <SchemaFields entries={kind.entries} name={name} path={path} blockType={blockType} readOnly={readOnly} />
        </fieldset>
      );
    case 'list':
      return <ListField {...{ fieldKey, name, path, blockType, readOnly }} label={label} kind={kind} />;
    case 'choice':
      return (
        <Form.Item name={name} label={label} required={!optional}>
          <Select
            disabled={readOnly}
            allowClear={optional}
            options={kind.options.map((value) => ({ value, label: optionLabel(t, value) }))}
          />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item name={name} label={label} valuePropName="checked">
          <Switch disabled={readOnly} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item name={name} label={label} required={!optional}>
          <InputNumber disabled={readOnly} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item name={name} label={label} required={!optional}>
          <Input type="date" disabled={readOnly} className={styles.date} />
        </Form.Item>
      );
    case 'text':
      if (isRichText(blockType, path)) {
        return (
          <Form.Item name={name} label={label} required={kind.required}>
            <RichTextEditor language={language} label={label} readOnly={readOnly} height={240} />
          </Form.Item>
        );
      }
      return (
        <Form.Item name={name} label={label} required={kind.required}>
          {(kind.maxLength ?? 0) > 200 ? (
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 8 }}
              maxLength={kind.maxLength}
              showCount
              disabled={readOnly}
            />
          ) : (
            <Input maxLength={kind.maxLength} disabled={readOnly} />
          )}
        </Form.Item>
      );
  }
}

function ListField({
  fieldKey,
  label,
  name,
  path,
  blockType,
  readOnly,
  kind,
}: Omit<FieldProps, 'schema'> & {
  readonly label: string;
  readonly kind: Extract<ReturnType<typeof fieldKind>, { kind: 'list' }>;
}) {
  const { t } = useT();
  const item = fieldKind(kind.item);
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }, { errors }) => (
        <fieldset className={styles.group}>
          <legend>{label}</legend>
          {fields.map((field, index) => {
            const itemLabel = t('list.item', { label, number: index + 1 });
            return (
              <section key={field.key} className={styles.item} aria-label={itemLabel}>
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
                        disabled={index === fields.length - 1}
                        aria-label={t('list.moveDown', { item: itemLabel })}
                      >
                        {t('actions.down')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        onClick={() => remove(index)}
                        disabled={fields.length <= kind.min}
                        aria-label={t('list.remove', { item: itemLabel })}
                      >
                        {t('actions.remove')}
                      </Button>
                    </Space>
                  )}
                </div>
                {item.kind === 'object' ? (
                  <SchemaFields
                    entries={item.entries}
                    name={[field.name]}
                    path={path}
                    blockType={blockType}
                    readOnly={readOnly}
                  />
                ) : (
                  <SchemaField
                    fieldKey={fieldKey}
                    schema={kind.item}
                    name={[field.name]}
                    path={path}
                    blockType={blockType}
                    readOnly={readOnly}
                  />
                )}
              </section>
            );
          })}
          <Form.ErrorList errors={errors} />
          {!readOnly && (
            <Button onClick={() => add(emptyValue(kind.item))} disabled={fields.length >= kind.max}>
              {t('list.add', { label })}
            </Button>
          )}
        </fieldset>
      )}
    </Form.List>
  );
}
