/**
 * The `menu_items` table: the header menu, a tree of two levels, as the public reads it (one language; English falls
 * back to Russian) and as staff edit it. `create`, `update` and `reorder` read then write: they run in the service's
 * transaction.
 */
import type { Language } from '@proxy/contract/languages';
import type { MenuItem, MenuItemInput, PanelMenuItem } from '@proxy/contract/schemas/menu';
import type { Queryable } from '../../db/db.ts';
import { assignments, localized, nextSortOrder, reorder } from '../../lib/sql.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

const MENU_COLUMNS = 'id, parent_id, name_ru, name_en, link, sort_order';
const MENU_FIELDS = {
  name_ru: { column: 'name_ru' },
  name_en: { column: 'name_en' },
  link: { column: 'link' },
  parent_id: { column: 'parent_id' },
};

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  link: string;
}

export function menuRepository(q: Queryable) {
  /**
   * Locks the rows a write touches, in id order (every writer takes them in the same order, so two moves never wait
   * for each other in a cycle: no deadlock), and returns their parent ids as committed by now.
   */
  async function lockItems(ids: readonly number[]): Promise<Map<number, number | null>> {
    const rows = await q.query<{ id: number; parent_id: number | null }>(
      'SELECT id, parent_id FROM menu_items WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row.parent_id]));
  }

  /**
   * The tree rule, checked on locked rows: an item may hang under a top-level item only (the header shows two
   * levels), and an item with children stays at the top. A concurrent move of the same parent or item waits for the
   * lock and then sees this one's result, so two moves at once can never build a third level.
   */
  function checkParent(locked: Map<number, number | null>, parentId: number | null | undefined, self?: number): void {
    if (parentId === null || parentId === undefined) return;
    if (!locked.has(parentId) || locked.get(parentId) !== null || parentId === self) {
      throw CONTENT_REFUSALS.badParent();
    }
  }

  async function checkChildless(self: number): Promise<void> {
    const children = await q.query('SELECT 1 FROM menu_items WHERE parent_id = $1 LIMIT 1', [self]);
    if (children.length > 0) throw CONTENT_REFUSALS.badParent();
  }

  return {
    /** The public tree in the request's language. */
    async tree(language: Language): Promise<MenuItem[]> {
      const rows = await q.query<MenuRow>(
        `SELECT id, parent_id, ${localized('name', language)} AS name, link FROM menu_items ORDER BY sort_order, id`,
      );
      const children = new Map<number, { name: string; link: string }[]>();
      for (const row of rows) {
        if (row.parent_id === null) continue;
        const list = children.get(row.parent_id) ?? [];
        list.push({ name: row.name, link: row.link });
        children.set(row.parent_id, list);
      }
      return rows
        .filter((row) => row.parent_id === null)
        .map((row) => {
          const kids = children.get(row.id);
          return kids ? { name: row.name, link: row.link, children: kids } : { name: row.name, link: row.link };
        });
    },

    list(): Promise<PanelMenuItem[]> {
      return q.query<PanelMenuItem>(
        `SELECT ${MENU_COLUMNS} FROM menu_items ORDER BY parent_id NULLS FIRST, sort_order, id`,
      );
    },

    async get(id: number): Promise<PanelMenuItem | null> {
      const [row] = await q.query<PanelMenuItem>(`SELECT ${MENU_COLUMNS} FROM menu_items WHERE id = $1`, [id]);
      return row ?? null;
    },

    /** Adds the item at the end of its parent's items. */
    async create(input: MenuItemInput): Promise<PanelMenuItem> {
      if (input.parent_id !== null) checkParent(await lockItems([input.parent_id]), input.parent_id);
      const sortOrder = await nextSortOrder(q, 'menu_items', 'parent_id IS NOT DISTINCT FROM $1', [input.parent_id]);
      const [row] = await q.query<PanelMenuItem>(
        `INSERT INTO menu_items (parent_id, name_ru, name_en, link, sort_order)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${MENU_COLUMNS}`,
        [input.parent_id, input.name_ru, input.name_en, input.link, sortOrder],
      );
      if (!row) throw new Error('menu insert returned no row');
      return row;
    },

    async update(id: number, changes: Partial<MenuItemInput>): Promise<PanelMenuItem | null> {
      const parentId = changes.parent_id;
      const locked = await lockItems(parentId === undefined || parentId === null ? [id] : [id, parentId]);
      if (!locked.has(id)) return null;
      if (parentId !== undefined && parentId !== null) {
        checkParent(locked, parentId, id);
        // Read after the locks: a child moved under this item by a transaction that held them is seen here.
        await checkChildless(id);
      }
      const { sql, params } = assignments(changes, MENU_FIELDS, 2);
      const [row] = await q.query<PanelMenuItem>(
        `UPDATE menu_items SET ${sql} WHERE id = $1 RETURNING ${MENU_COLUMNS}`,
        [id, ...params],
      );
      return row ?? null;
    },

    async delete(id: number): Promise<boolean> {
      return (await q.query('DELETE FROM menu_items WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    /** `ids` are the items under `parentId` (null: the top level) in their new order. */
    reorder(parentId: number | null, ids: readonly number[]): Promise<boolean> {
      return reorder(q, 'menu_items', 'parent_id IS NOT DISTINCT FROM $1', [parentId], ids);
    },
  };
}
