/**
 * The `page_blocks` table: a page's typed blocks, as the public reads them (published, one language) and as staff
 * edit them. `create` and `reorder` read then write: they run in the service's transaction, the page locked.
 */
import type { Language } from '@proxy/contract/languages';
import type { BlockInput, BlockPatch, PanelBlock, PublicBlock } from '@proxy/contract/schemas/blocks';
import type { Queryable } from '../../db/db.ts';
import { assignments, json, nextSortOrder, reorder, withIsoDates } from '../../lib/sql.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

const BLOCK_COLUMNS = 'id, page_id::int AS page_id, type, anchor, published, sort_order, data_ru, data_en, updated_at';
const BLOCK_FIELDS = {
  anchor: { column: 'anchor' },
  published: { column: 'published' },
  data_ru: { column: 'data_ru', store: json },
  data_en: { column: 'data_en', store: json },
};

const refusing = refuseOnConstraint({ page_blocks_page_id_anchor_key: CONTENT_REFUSALS.anchorTaken });

export function blocksRepository(q: Queryable) {
  return {
    /** A page's published blocks in the request's language (untranslated English data falls back to Russian). */
    listPublished(pageId: number, language: Language): Promise<PublicBlock[]> {
      return q.query<PublicBlock>(
        `SELECT id, type, anchor,
                CASE WHEN $2 = 'en' THEN COALESCE(data_en, data_ru) ELSE data_ru END AS data
           FROM page_blocks
          WHERE page_id = $1 AND published
          ORDER BY sort_order, id`,
        [pageId, language],
      );
    },

    async list(pageId: number): Promise<PanelBlock[]> {
      const rows = await q.query<PanelBlock>(
        `SELECT ${BLOCK_COLUMNS} FROM page_blocks WHERE page_id = $1 ORDER BY sort_order, id`,
        [pageId],
      );
      return rows.map(withIsoDates);
    },

    async get(id: number): Promise<PanelBlock | null> {
      const [row] = await q.query<PanelBlock>(`SELECT ${BLOCK_COLUMNS} FROM page_blocks WHERE id = $1`, [id]);
      return row ? withIsoDates(row) : null;
    },

    /** Adds the block at the end of the page; a taken anchor is refused. */
    async create(pageId: number, input: BlockInput): Promise<PanelBlock> {
      const sortOrder = await nextSortOrder(q, 'page_blocks', 'page_id = $1', [pageId]);
      const [row] = await q
        .query<PanelBlock>(
          `INSERT INTO page_blocks (page_id, type, anchor, published, data_ru, data_en, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${BLOCK_COLUMNS}`,
          [pageId, input.type, input.anchor, input.published, json(input.data_ru), json(input.data_en), sortOrder],
        )
        .catch(refusing);
      if (!row) throw new Error('block insert returned no row');
      return withIsoDates(row);
    },

    /** `changes` were checked against the block's own type: the type never changes. */
    async update(id: number, changes: BlockPatch): Promise<PanelBlock | null> {
      const { sql, params } = assignments(changes, BLOCK_FIELDS, 2);
      const [row] = await q
        .query<PanelBlock>(`UPDATE page_blocks SET ${sql} WHERE id = $1 RETURNING ${BLOCK_COLUMNS}`, [id, ...params])
        .catch(refusing);
      return row ? withIsoDates(row) : null;
    },

    async delete(id: number): Promise<boolean> {
      return (await q.query('DELETE FROM page_blocks WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    /** False when `ids` is not exactly the page's blocks. */
    reorder(pageId: number, ids: readonly number[]): Promise<boolean> {
      return reorder(q, 'page_blocks', 'page_id = $1', [pageId], ids);
    },
  };
}
