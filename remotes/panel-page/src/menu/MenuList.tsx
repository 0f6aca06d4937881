import {
  createPanelMenuItem,
  deletePanelMenuItem,
  listPanelMenu,
  reorderPanelMenu,
  updatePanelMenuItem,
} from '@proxy/contract/api/panel-menu';
import { PAGE_PART_PERMISSIONS } from '@proxy/contract/permissions';
import { MenuItemInputSchema, type MenuItemInput, type PanelMenuItem } from '@proxy/contract/schemas/menu';
import { api } from '@proxy/contract/state';
import { OrderedResource, SelectField, TextField } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './menu.module.css';

/** A select cannot hold null: the top level is 'top' in the form. */
type MenuValues = Omit<MenuItemInput, 'parent_id'> & { parent: number | 'top' };

const byOrder = (a: PanelMenuItem, b: PanelMenuItem) => a.sort_order - b.sort_order || a.id - b.id;

/** The menu as shown: each top-level item followed by its children (one level deep), each level in its order. */
export function menuRows(items: readonly PanelMenuItem[]): PanelMenuItem[] {
  const top = items.filter((item) => item.parent_id === null).sort(byOrder);
  return top.flatMap((parent) => [parent, ...items.filter((item) => item.parent_id === parent.id).sort(byOrder)]);
}

/** The site menu (two levels): add, edit (names, link, parent), delete with its sub-items, move within its level. */
export function MenuList() {
  const { t, language } = useT();
  const nameOf = (item: PanelMenuItem) => (language === 'en' && item.name_en) || item.name_ru;
  return (
    <OrderedResource<PanelMenuItem, MenuValues, MenuItemInput>
      load={(signal) => listPanelMenu(api, signal)}
      reload={() => listPanelMenu(api)}
      permissions={PAGE_PART_PERMISSIONS}
      formName="menu"
      createLabel={t('menu.create')}
      emptyText={t('menu.empty')}
      name={nameOf}
      arrange={menuRows}
      siblings={(item, items) => items.filter((other) => other.parent_id === item.parent_id).sort(byOrder)}
      reorder={(ids, item) => reorderPanelMenu(api, ids, item.parent_id)}
      remove={{
        send: (item) => deletePanelMenuItem(api, item.id),
        confirm: (_item, name) => t('menu.deleteConfirm', { name }),
      }}
      columns={[
        {
          key: 'name',
          title: t('menu.name'),
          render: (item) => <span className={item.parent_id === null ? styles.top : styles.child}>{nameOf(item)}</span>,
        },
        {
          key: 'link',
          title: t('menu.link'),
          responsive: ['sm'],
          render: (item) => <code className={styles.link}>{item.link}</code>,
        },
      ]}
      form={{
        values: (item) =>
          item
            ? { name_ru: item.name_ru, name_en: item.name_en, link: item.link, parent: item.parent_id ?? 'top' }
            : { name_ru: '', name_en: '', link: '/', parent: 'top' },
        toInput: ({ parent, ...rest }) => ({ ...rest, parent_id: parent === 'top' ? null : parent }),
        schema: () => MenuItemInputSchema,
        create: (input) => createPanelMenuItem(api, input),
        update: (item, input) => updatePanelMenuItem(api, item.id, input),
        errorField: (path) => (path === 'parent_id' ? 'parent' : path),
        title: (item) => (item ? nameOf(item) : t('menu.createTitle')),
        fields: (item, items) => (
          <>
            <TextField name="name_ru" label={t('menu.nameRu')} required maxLength={100} />
            <TextField name="name_en" label={t('menu.nameEn')} maxLength={100} />
            <TextField name="link" label={t('menu.link')} help={t('menu.linkHelp')} required maxLength={500} />
            <SelectField<number | 'top'>
              name="parent"
              label={t('menu.parent')}
              options={[
                { value: 'top', label: t('menu.topLevel') },
                // One level deep: a parent is a top-level item, never the item itself.
                ...items
                  .filter((other) => other.parent_id === null && other.id !== item?.id)
                  .map((other) => ({ value: other.id, label: nameOf(other) })),
              ]}
            />
          </>
        ),
      }}
    />
  );
}
