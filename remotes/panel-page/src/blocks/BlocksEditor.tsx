import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { deletePanelBlock, reorderPanelBlocks, updatePanelBlock } from '@proxy/contract/api/panel-blocks';
import { BLOCK_TYPES, type BlockType, type PanelBlock } from '@proxy/contract/schemas/blocks';
import { api } from '@proxy/contract/state';
import { save } from '../form/save.ts';
import { MoveButtons } from '../form/MoveButtons.tsx';
import { useT } from '../i18n/use-t.ts';
import { BlockDrawer, type BlockTarget } from './BlockDrawer.tsx';
import styles from './blocks-editor.module.css';

/** What a row says about a block: its title, or the start of its text for a rich-text block. */
function summaryOf(block: PanelBlock): string {
  const data = block.data_ru as { title?: unknown; html?: unknown };
  if (typeof data.title === 'string') return data.title;
  if (typeof data.html === 'string') {
    // A space after each closing block tag, so paragraphs do not run together in the summary.
    const spaced = data.html.replace(/<\/(p|h[1-6]|li|blockquote)>/gi, '$& ');
    const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').trim();
    return text.length > 80 ? `${text.slice(0, 80)}…` : text;
  }
  return '';
}

/**
 * The blocks of a page, in order: type, anchor, published switch, move up/down, edit, delete (confirmed), and adding
 * a block of a chosen type. Every change is saved at once; without the change permission the list is read-only
 * and a block opens for viewing.
 */
export function BlocksEditor({
  pageId,
  initialBlocks,
  canChange,
}: {
  pageId: number;
  initialBlocks: readonly PanelBlock[];
  canChange: boolean;
}) {
  const { t } = useT();
  const [blocks, setBlocks] = useState<readonly PanelBlock[]>(initialBlocks);
  const [newType, setNewType] = useState<BlockType>('richtext');
  const [target, setTarget] = useState<BlockTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const messages = {
    saved: t('messages.saved'),
    networkError: t('messages.networkError'),
    unknownError: t('messages.unknownError'),
  };

  async function run<T>(send: () => Promise<T>, saved = messages.saved): Promise<T | undefined> {
    setBusy(true);
    const result = await save(null, { ...messages, saved }, send);
    setBusy(false);
    return result;
  }

  async function move(index: number, by: -1 | 1) {
    const ids = blocks.map((block) => block.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as number);
    const next = await run(() => reorderPanelBlocks(api, pageId, ids), t('messages.reordered'));
    if (next) setBlocks(next);
  }

  async function setPublished(block: PanelBlock, published: boolean) {
    const next = await run(() => updatePanelBlock(api, block.id, { published }));
    if (next) setBlocks((list) => list.map((item) => (item.id === next.id ? next : item)));
  }

  async function remove(block: PanelBlock) {
    const done = await run(async () => {
      await deletePanelBlock(api, block.id);
      return true;
    }, t('messages.deleted'));
    if (done) setBlocks((list) => list.filter((item) => item.id !== block.id));
  }

  function saved(block: PanelBlock) {
    setBlocks((list) =>
      list.some((item) => item.id === block.id)
        ? list.map((item) => (item.id === block.id ? block : item))
        : [...list, block],
    );
    setTarget(null);
  }

  const typeName = (type: BlockType) => t(`blockTypes.${type}`);

  return (
    <section aria-labelledby="blocks-title">
      <Typography.Title level={3} id="blocks-title">
        {t('blocks.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('blocks.lead')}</Typography.Paragraph>
      <Table<PanelBlock>
        rowKey="id"
        dataSource={[...blocks]}
        pagination={false}
        // On a phone the table scrolls sideways inside its box rather than squeezing its columns or the page.
        scroll={{ x: 'max-content' }}
        loading={busy}
        locale={{ emptyText: t('blocks.empty') }}
        columns={[
          { key: 'position', title: '#', render: (_value, _block, index) => index + 1, width: 48, responsive: ['sm'] },
          {
            key: 'type',
            title: t('blocks.type'),
            render: (_value, block) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{typeName(block.type)}</Typography.Text>
                <span className={`${styles.summary} ${styles.muted}`}>{summaryOf(block)}</span>
              </Space>
            ),
          },
          {
            key: 'anchor',
            title: t('blocks.anchor'),
            responsive: ['md'],
            render: (_value, block) => (block.anchor ? `#${block.anchor}` : '—'),
          },
          {
            key: 'languages',
            title: t('blocks.english'),
            responsive: ['lg'],
            render: (_value, block) =>
              block.data_en ? (
                <Tag className={styles.on}>{t('blocks.translatedYes')}</Tag>
              ) : (
                <Tag>{t('blocks.translatedNo')}</Tag>
              ),
          },
          {
            key: 'published',
            title: t('blocks.published'),
            render: (_value, block) => (
              <Switch
                checked={block.published}
                disabled={!canChange || busy}
                onChange={(on) => void setPublished(block, on)}
                aria-label={t('blocks.publishedOf', { block: typeName(block.type), number: blocks.indexOf(block) + 1 })}
              />
            ),
          },
          {
            key: 'actions',
            title: t('list.actions'),
            render: (_value, block, index) => {
              const name = t('blocks.blockName', { type: typeName(block.type), number: index + 1 });
              return (
                <Space size={4} wrap>
                  {canChange && (
                    <MoveButtons
                      index={index}
                      count={blocks.length}
                      name={name}
                      disabled={busy}
                      onMove={(delta) => void move(index, delta)}
                    />
                  )}
                  <Button
                    size="small"
                    onClick={() => setTarget({ block })}
                    aria-label={t(canChange ? 'list.editItem' : 'list.viewItem', { item: name })}
                  >
                    {canChange ? t('actions.edit') : t('actions.view')}
                  </Button>
                  {canChange && (
                    <Popconfirm
                      title={t('blocks.deleteConfirm', { block: name })}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(block)}
                    >
                      <Button size="small" danger disabled={busy} aria-label={t('list.deleteItem', { item: name })}>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {canChange && (
        <div className={styles.toolbar}>
          <Select<BlockType>
            className={styles.typeSelect}
            value={newType}
            onChange={setNewType}
            aria-label={t('blocks.newType')}
            options={BLOCK_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
          />
          <Button type="primary" onClick={() => setTarget({ type: newType })}>
            {t('blocks.add')}
          </Button>
        </div>
      )}
      <BlockDrawer
        pageId={pageId}
        target={target}
        readOnly={!canChange}
        onClose={() => setTarget(null)}
        onSaved={saved}
      />
    </section>
  );
}
