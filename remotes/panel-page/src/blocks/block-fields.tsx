import type * as v from 'valibot';
import { BLOCK_DATA_SCHEMAS, type BlockType, type PanelBlock } from '@proxy/contract/schemas/blocks';
import type { Language } from '@proxy/contract/languages';
import {
  cleanValue,
  emptyValue,
  fieldKind,
  FieldGrid,
  LanguageTabs,
  SchemaFields,
  SwitchField,
  TextField,
  useField,
  useForm,
  type SchemaFormText,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/**
 * The fields holding HTML, edited in the rich-text editor (the server sanitizes exactly these, see the content
 * domain's routes): the schema says only "string", so this is the one fact the form is told.
 */
export const RICH_TEXT_FIELDS: Readonly<Partial<Record<BlockType, readonly string[]>>> = {
  faq: ['items.answer'],
  tabs: ['items.text'],
  richtext: ['html'],
};

export interface BlockValues {
  anchor: string;
  published: boolean;
  /** Off: `data_en` is null and English visitors see the Russian data. */
  translated: boolean;
  data_ru: unknown;
  data_en: unknown;
}

export function blockValues(block: PanelBlock | null, type: BlockType): BlockValues {
  return block
    ? {
        anchor: block.anchor ?? '',
        published: block.published,
        translated: block.data_en !== null,
        data_ru: block.data_ru,
        data_en: block.data_en ?? undefined,
      }
    : {
        anchor: '',
        published: true,
        translated: false,
        data_ru: emptyValue(BLOCK_DATA_SCHEMAS[type]),
        data_en: undefined,
      };
}

/** The request's fields: data cleaned to its schema's shape, no English data unless translated, no blank anchor. */
export function blockInput(type: BlockType, values: BlockValues) {
  const schema = BLOCK_DATA_SCHEMAS[type];
  return {
    anchor: values.anchor.trim() || null,
    published: values.published,
    data_ru: cleanValue(schema, values.data_ru) as Record<string, unknown>,
    data_en: values.translated ? (cleanValue(schema, values.data_en) as Record<string, unknown>) : null,
  };
}

/** The pictures whose size the site's layout fixes, by block type and field path: what to upload for each. */
const IMAGE_HELP: Readonly<Record<string, 'hero' | 'poster' | 'tab'>> = {
  'hero:image': 'hero',
  'video:poster': 'poster',
  'tabs:items.image': 'tab',
};

/**
 * A block's fields: anchor, published, and the data per language in its type's schema-driven form. Switching the
 * English version on starts it from a copy of the Russian data, to translate in place.
 */
export function BlockFields({ type, tab, onTab }: { type: BlockType; tab: Language; onTab: (tab: Language) => void }) {
  const { t } = useT();
  const form = useForm<BlockValues>();
  const translated = useField<boolean>('translated', { subscription: { value: true } }).input.value;
  const entries = (fieldKind(BLOCK_DATA_SCHEMAS[type]) as { entries: Record<string, v.GenericSchema> }).entries;
  const text: SchemaFormText = {
    field: (key) => t(`fields.${key}` as never, { defaultValue: key }),
    option: (value) => t(`options.${String(value)}` as never, { defaultValue: String(value) }),
    richText: (path) => RICH_TEXT_FIELDS[type]?.includes(path) ?? false,
    help: (path) => {
      const image = IMAGE_HELP[`${type}:${path}`];
      return image ? t(`blocks.imageHelp.${image}`) : undefined;
    },
  };
  return (
    <>
      <FieldGrid>
        <TextField name="anchor" label={t('blocks.anchor')} help={t('blocks.anchorHelp')} maxLength={50} />
        <SwitchField name="published" label={t('blocks.published')} />
      </FieldGrid>
      <LanguageTabs active={tab} onChange={onTab}>
        {(language) =>
          language === 'ru' ? (
            <SchemaFields entries={entries} name="data_ru" path={[]} text={text} />
          ) : (
            <>
              <SwitchField
                name="translated"
                label={t('blocks.translated')}
                help={t('blocks.translatedHelp')}
                onChange={(on) => {
                  const values = form.getState().values;
                  if (on && !values.data_en) form.change('data_en', structuredClone(values.data_ru));
                }}
              />
              {translated && <SchemaFields entries={entries} name="data_en" path={[]} text={text} />}
            </>
          )
        }
      </LanguageTabs>
    </>
  );
}
