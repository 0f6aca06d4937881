import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table } from 'antd';
import {
  createPanelMenuItem,
  deletePanelMenuItem,
  listPanelMenu,
  reorderPanelMenu,
  updatePanelMenuItem,
} from '@proxy/contract/api/panel-menu';
import type { MenuItemInput, PanelMenuItem } from '@proxy/contract/schemas/menu';
import { api } from '@proxy/contract/state';
import { save } from '../form/save.ts';
import { MoveButtons } from '../form/MoveButtons.tsx';
import { useLoadedList } from '../form/use-loaded-list.ts';
import { useT } from '../i18n/use-t.ts';
import { usePagePermissions } from '../pages/page-resource.ts';
import styles from './menu.module.css';

interface MenuValues {
  name_ru: string;
  name_en: string;
  link: string;
  parent: number | 'top';
}

/** The menu as rows: each top-level item followed by its children (one level deep), each list in its order. */
export function menuRows(items: readonly PanelMenuItem[]): { item: PanelMenuItem; siblings: PanelMenuItem[] }[] {
  const byOrder = (a: PanelMenuItem, b: PanelMenuItem) => a.sort_order - b.sort_order || a.id - b.id;
  const top = items.filter((item) => item.parent_id === null).sort(byOrder);
  return top.flatMap((parent) => {
    const children = items.filter((item) => item.parent_id === parent.id).sort(byOrder);
    return [{ item: parent, siblings: top }, ...children.map((child) => ({ item: child, siblings: children }))];
  });
}

/** The header menu (two levels): add, edit (names, link, parent), delete and move within its level. */
export function MenuPanel() {
  const { t, language } = useT();
  const { canChange } = usePagePermissions();
  const [editing, setEditing] = useState<PanelMenuItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<MenuValues>();
  const messages = { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') };
  const { items, setItems, loading, setLoading } = useLoadedList((signal) => listPanelMenu(api, signal), messages);

  const nameOf = (item: PanelMenuItem) => (language === 'en' && item.name_en) || item.name_ru;
  const rows = menuRows(items);

  async function move(item: PanelMenuItem, siblings: PanelMenuItem[], by: -1 | 1) {
    const ids = siblings.map((sibling) => sibling.id);
    const index = ids.indexOf(item.id);
    ids.splice(index, 1);
    ids.splice(index + by, 0, item.id);
    setLoading(true);
    const next = await save(null, { ...messages, saved: t('messages.reordered') }, () =>
      reorderPanelMenu(api, ids, item.parent_id),
    );
    setLoading(false);
    if (next) setItems(next);
  }

  async function remove(item: PanelMenuItem) {
    setLoading(true);
    const done = await save(null, { ...messages, saved: t('messages.deleted') }, async () => {
      await deletePanelMenuItem(api, item.id);
      return true;
    });
    setLoading(false);
    // Children go with their parent: the server deletes them too, so reload the list.
    if (done) setItems(await listPanelMenu(api).catch(() => items.filter((other) => other.id !== item.id)));
  }

  async function submit() {
    if (!editing) return;
    const values = form.getFieldsValue(true) as MenuValues;
    const input: MenuItemInput = {
      name_ru: values.name_ru,
      name_en: values.name_en,
      link: values.link,
      parent_id: values.parent === 'top' ? null : values.parent,
    };
    setSaving(true);
    const saved = await save(
      form,
      { ...messages, saved: t(editing === 'new' ? 'messages.created' : 'messages.saved') },
      () => (editing === 'new' ? createPanelMenuItem(api, input) : updatePanelMenuItem(api, editing.id, input)),
      { fieldOf: (path) => (path[0] === 'parent_id' ? ['parent'] : path) },
    );
    setSaving(false);
    if (!saved) return;
    setItems(await listPanelMenu(api).catch(() => items));
    setEditing(null);
  }

  const parents = items.filter(
    (item) => item.parent_id === null && (editing === 'new' || editing === null || item.id !== editing.id),
  );

  return (
    <>
      {canChange && (
        <div className={styles.toolbar}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('menu.create')}
          </Button>
        </div>
      )}
      <Table
        rowKey={(row) => row.item.id}
        loading={loading}
        dataSource={rows}
        pagination={false}
        // On a phone the table scrolls sideways inside its box rather than squeezing its columns or the page.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('menu.empty') }}
        columns={[
          {
            key: 'name',
            title: t('menu.name'),
            render: (_value, { item }) => (
              <span className={item.parent_id === null ? styles.top : styles.child}>{nameOf(item)}</span>
            ),
          },
          {
            key: 'link',
            title: t('menu.link'),
            responsive: ['sm'],
            render: (_value, { item }) => <code className={styles.link}>{item.link}</code>,
          },
          ...(canChange
            ? [
                {
                  key: 'actions',
                  title: t('list.actions'),
                  render: (_value: unknown, { item, siblings }: (typeof rows)[number]) => {
                    const index = siblings.indexOf(item);
                    const name = nameOf(item);
                    return (
                      <Space size={4} wrap>
                        <MoveButtons
                          index={index}
                          count={siblings.length}
                          name={name}
                          disabled={loading}
                          onMove={(delta) => void move(item, siblings, delta)}
                        />
                        <Button
                          size="small"
                          onClick={() => setEditing(item)}
                          aria-label={t('list.editItem', { item: name })}
                        >
                          {t('actions.edit')}
                        </Button>
                        <Popconfirm
                          title={t('menu.deleteConfirm', { name })}
                          okText={t('actions.delete')}
                          cancelText={t('actions.cancel')}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove(item)}
                        >
                          <Button size="small" danger aria-label={t('list.deleteItem', { item: name })}>
                            {t('actions.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('menu.createTitle') : editing ? nameOf(editing) : ''}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form<MenuValues>
            form={form}
            name={editing === 'new' ? 'menu-new' : `menu-${editing.id}`}
            layout="vertical"
            initialValues={
              editing === 'new'
                ? { name_ru: '', name_en: '', link: '/', parent: 'top' }
                : {
                    name_ru: editing.name_ru,
                    name_en: editing.name_en,
                    link: editing.link,
                    parent: editing.parent_id ?? 'top',
                  }
            }
            onFinish={() => void submit()}
          >
            <Form.Item name="name_ru" label={t('menu.nameRu')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="name_en" label={t('menu.nameEn')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="link" label={t('menu.link')} extra={t('menu.linkHelp')} required>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="parent" label={t('menu.parent')}>
              <Select
                options={[
                  { value: 'top', label: t('menu.topLevel') },
                  ...parents.map((item) => ({ value: item.id, label: nameOf(item) })),
                ]}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
