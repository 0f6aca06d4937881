import { useState } from 'react';
import { Select, Switch, Typography } from 'antd';
import {
  createPanelBlock,
  deletePanelBlock,
  reorderPanelBlocks,
  updatePanelBlock,
} from '@proxy/contract/api/panel-blocks';
import { PAGE_PART_PERMISSIONS } from '@proxy/contract/permissions';
import {
  BLOCK_TYPES,
  BlockInputSchema,
  blockPatchSchema,
  type BlockInput,
  type BlockPatch,
  type BlockType,
  type PanelBlock,
} from '@proxy/contract/schemas/blocks';
import { api } from '@proxy/contract/state';
import { OrderedResource, StatusTag, useLanguageTab } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { BlockFields, blockInput, blockValues, type BlockValues } from './block-fields.tsx';
import styles from './blocks.module.css';

/** What a row says about a block: its title, or the start of its text for a rich-text block. */
function summaryOf(block: PanelBlock): string {
  const data = block.data_ru as { title?: unknown; html?: unknown };
  if (typeof data.title === 'string') return data.title;
  if (typeof data.html !== 'string') return '';
  // A space after each closing block tag, so paragraphs do not run together in the summary.
  const spaced = data.html.replace(/<\/(p|h[1-6]|li|blockquote)>/gi, '$& ');
  const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').trim();
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * The blocks of a page, in order: type, anchor, translation, a published switch, move, edit, delete, and adding a
 * block of a chosen type. Every change is saved at once; without the change permission a block opens for viewing.
 */
export function BlocksList({
  pageId,
  initialBlocks,
  canChange,
}: {
  pageId: number;
  initialBlocks: readonly PanelBlock[];
  canChange: boolean;
}) {
  const { t } = useT();
  const [newType, setNewType] = useState<BlockType>('richtext');
  const { tab, setTab, onFieldErrors } = useLanguageTab();
  const typeName = (type: BlockType) => t(`blockTypes.${type}`);
  const nameOf = (block: PanelBlock, index: number) =>
    t('blocks.blockName', { type: typeName(block.type), number: index + 1 });

  return (
    <section aria-labelledby="blocks-title">
      <Typography.Title level={3} id="blocks-title">
        {t('blocks.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('blocks.lead')}</Typography.Paragraph>
      <OrderedResource<PanelBlock, BlockValues, BlockInput | BlockPatch>
        load={{ initial: initialBlocks }}
        permissions={PAGE_PART_PERMISSIONS}
        formName="block"
        createLabel={t('blocks.add')}
        toolbar={
          <Select<BlockType>
            className={styles.typeSelect}
            value={newType}
            onChange={setNewType}
            aria-label={t('blocks.newType')}
            options={BLOCK_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
          />
        }
        emptyText={t('blocks.empty')}
        name={nameOf}
        reorder={(ids) => reorderPanelBlocks(api, pageId, ids)}
        remove={{
          send: (block) => deletePanelBlock(api, block.id),
          confirm: (_block, block) => t('blocks.deleteConfirm', { block }),
        }}
        columns={(list) => [
          {
            key: 'type',
            title: t('blocks.type'),
            render: (block) => (
              <>
                <Typography.Text strong>{typeName(block.type)}</Typography.Text>
                <span className={styles.summary}>{summaryOf(block)}</span>
              </>
            ),
          },
          {
            key: 'anchor',
            title: t('blocks.anchor'),
            responsive: ['md'],
            render: (block) => (block.anchor ? `#${block.anchor}` : '—'),
          },
          {
            key: 'languages',
            title: t('blocks.english'),
            responsive: ['lg'],
            render: (block) =>
              block.data_en ? (
                <StatusTag tone="on">{t('blocks.translatedYes')}</StatusTag>
              ) : (
                <StatusTag>{t('blocks.translatedNo')}</StatusTag>
              ),
          },
          {
            key: 'published',
            title: t('blocks.published'),
            render: (block) => (
              <Switch
                checked={block.published}
                disabled={!canChange || list.busy}
                onChange={async (published) => {
                  const next = await list.run(() => updatePanelBlock(api, block.id, { published }), 'saved');
                  if (next) list.put(next);
                }}
                aria-label={t('blocks.publishedOf', {
                  block: typeName(block.type),
                  number: list.rows.indexOf(block) + 1,
                })}
              />
            ),
          },
        ]}
        form={{
          wide: true,
          values: (block) => blockValues(block, block?.type ?? newType),
          // The data's shape is the type's schema's, which the form checks before anything is sent.
          toInput: (values, block) =>
            (block ? blockInput(block.type, values) : { type: newType, ...blockInput(newType, values) }) as
              BlockInput | BlockPatch,
          schema: (block) => (block ? blockPatchSchema(block.type) : BlockInputSchema),
          create: (input) => createPanelBlock(api, pageId, input as BlockInput),
          update: (block, input) => updatePanelBlock(api, block.id, input),
          onFieldErrors,
          title: (block) =>
            t(block ? 'blocks.editTitle' : 'blocks.addTitle', { type: typeName(block?.type ?? newType) }),
          fields: (block) => <BlockFields type={block?.type ?? newType} tab={tab} onTab={setTab} />,
        }}
      />
    </section>
  );
}
