import { useState } from 'react';
import { Button, Drawer, Form, Input, Space, Switch, Tabs } from 'antd';
import type * as v from 'valibot';
import { createPanelBlock, updatePanelBlock } from '@proxy/contract/api/panel-blocks';
import { BLOCK_DATA_SCHEMAS, type BlockInput, type BlockType, type PanelBlock } from '@proxy/contract/schemas/blocks';
import { api } from '@proxy/contract/state';
import { save } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import { cleanValue, emptyValue, fieldKind } from './schema-form.ts';
import { SchemaFields } from './SchemaFields.tsx';

export type BlockTarget = { readonly block: PanelBlock } | { readonly type: BlockType };

interface Values {
  anchor?: string;
  published?: boolean;
  translated?: boolean;
  data_ru?: unknown;
  data_en?: unknown;
}

function initialValues(target: BlockTarget): Values {
  if ('block' in target) {
    const { block } = target;
    return {
      anchor: block.anchor ?? '',
      published: block.published,
      translated: block.data_en !== null,
      data_ru: block.data_ru,
      data_en: block.data_en ?? undefined,
    };
  }
  return { anchor: '', published: true, translated: false, data_ru: emptyValue(BLOCK_DATA_SCHEMAS[target.type]) };
}

/**
 * A block's editor in a drawer: anchor, published, and the data per language in its type's schema-driven form.
 * English is optional (`data_en: null` = not translated: English visitors see the Russian data); switching it on
 * starts from a copy of the Russian data to translate in place.
 */
export function BlockDrawer({
  pageId,
  target,
  readOnly,
  onClose,
  onSaved,
}: {
  pageId: number;
  target: BlockTarget | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (block: PanelBlock) => void;
}) {
  const { t } = useT();
  const type = target ? ('block' in target ? target.block.type : target.type) : null;
  const title = type
    ? t(target && 'block' in target ? 'blocks.editTitle' : 'blocks.addTitle', { type: t(`blockTypes.${type}`) })
    : '';
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={title}
      size={typeof window !== 'undefined' && window.innerWidth < 800 ? '100%' : 760}
      destroyOnHidden
    >
      {target && (
        <BlockForm
          // A fresh form (values, tab, errors) for every block opened.
          key={'block' in target ? `block-${target.block.id}` : `new-${target.type}`}
          pageId={pageId}
          target={target}
          readOnly={readOnly}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}

function BlockForm({
  pageId,
  target,
  readOnly,
  onCancel,
  onSaved,
}: {
  pageId: number;
  target: BlockTarget;
  readOnly: boolean;
  onCancel: () => void;
  onSaved: (block: PanelBlock) => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<'ru' | 'en'>('ru');
  const [saving, setSaving] = useState(false);
  const translated = Form.useWatch('translated', form) ?? false;
  const type = 'block' in target ? target.block.type : target.type;
  const schema = BLOCK_DATA_SCHEMAS[type];
  const entries = (fieldKind(schema) as { entries: Record<string, v.GenericSchema> }).entries;
  const formName = 'block' in target ? `block-${target.block.id}` : `block-new-${type}`;

  async function submit() {
    const values = form.getFieldsValue(true) as Values;
    const data_ru = cleanValue(schema, values.data_ru) as Record<string, unknown>;
    const data_en = values.translated ? (cleanValue(schema, values.data_en) as Record<string, unknown>) : null;
    const anchor = values.anchor?.trim() || null;
    const published = values.published ?? true;
    setSaving(true);
    const saved = await save(
      form,
      {
        saved: t('messages.saved'),
        networkError: t('messages.networkError'),
        unknownError: t('messages.unknownError'),
      },
      () =>
        'block' in target
          ? updatePanelBlock(api, target.block.id, { anchor, published, data_ru, data_en })
          : createPanelBlock(api, pageId, { type, anchor, published, data_ru, data_en } as BlockInput),
      {
        onFieldErrors: (names) => {
          const first = names[0]?.[0];
          if (first === 'data_en' || first === 'data_ru') setTab(first === 'data_en' ? 'en' : 'ru');
        },
      },
    );
    setSaving(false);
    if (saved) onSaved(saved);
  }

  return (
    <Form
      form={form}
      name={formName}
      layout="vertical"
      disabled={readOnly}
      initialValues={initialValues(target)}
      onFinish={() => void submit()}
    >
      <Space wrap align="start" size="large">
        <Form.Item name="anchor" label={t('blocks.anchor')} extra={t('blocks.anchorHelp')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="published" label={t('blocks.published')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'ru' | 'en')}
        items={[
          {
            key: 'ru',
            label: t('languages.ru'),
            forceRender: true,
            children: (
              <SchemaFields entries={entries} name={['data_ru']} path={[]} blockType={type} readOnly={readOnly} />
            ),
          },
          {
            key: 'en',
            label: t('languages.en'),
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name="translated"
                  label={t('blocks.translated')}
                  extra={t('blocks.translatedHelp')}
                  valuePropName="checked"
                >
                  <Switch
                    onChange={(on) => {
                      if (on && !form.getFieldValue('data_en')) {
                        form.setFieldValue('data_en', structuredClone(form.getFieldValue('data_ru')));
                      }
                    }}
                  />
                </Form.Item>
                {translated && (
                  <SchemaFields entries={entries} name={['data_en']} path={[]} blockType={type} readOnly={readOnly} />
                )}
              </>
            ),
          },
        ]}
      />
      {!readOnly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        </Space>
      )}
    </Form>
  );
}
