/**
 * The panel's content writes that must be atomic: each runs in one `db.transaction`, the repositories built over its
 * `tx`, so a failed step leaves nothing half-written and two staff editing at once apply one after the other
 * (rows locked with `FOR UPDATE`). Single-statement writes go straight to a repository.
 */
import type { BlockInput, PanelBlock } from '@proxy/contract/schemas/blocks';
import type { MenuItemInput, PanelMenuItem } from '@proxy/contract/schemas/menu';
import type { PanelPlan, PlanInput } from '@proxy/contract/schemas/plans';
import type { Db } from '../../db/db.ts';
import { blocksRepository } from './blocks-repository.ts';
import { menuRepository } from './menu-repository.ts';
import { pagesRepository } from './pages-repository.ts';
import { plansRepository } from './plans-repository.ts';
import { CONTENT_REFUSALS } from './refusals.ts';

export function contentService(db: Db) {
  return {
    /** False when there was no such page; the home page is refused. */
    deletePage(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const pages = pagesRepository(tx);
        const page = await pages.lock(id);
        if (!page) return false;
        // Without it `/` would have nothing to show; staff unpublish its blocks instead.
        if (page.home) throw CONTENT_REFUSALS.homeProtected();
        return pages.delete(id);
      });
    },

    /** Null when there is no such page; the page stays locked while the block takes the next position. */
    createBlock(pageId: number, input: BlockInput): Promise<PanelBlock | null> {
      return db.transaction(async (tx) =>
        (await pagesRepository(tx).lock(pageId)) ? blocksRepository(tx).create(pageId, input) : null,
      );
    },

    /** Null when there is no such page, false when `ids` is not exactly its blocks. */
    reorderBlocks(pageId: number, ids: readonly number[]): Promise<boolean | null> {
      return db.transaction(async (tx) =>
        (await pagesRepository(tx).lock(pageId)) ? blocksRepository(tx).reorder(pageId, ids) : null,
      );
    },

    createPlan(input: PlanInput): Promise<PanelPlan> {
      return db.transaction((tx) => plansRepository(tx).create(input));
    },

    reorderPlans(ids: readonly number[]): Promise<boolean> {
      return db.transaction((tx) => plansRepository(tx).reorder(ids));
    },

    createMenuItem(input: MenuItemInput): Promise<PanelMenuItem> {
      return db.transaction((tx) => menuRepository(tx).create(input));
    },

    updateMenuItem(id: number, changes: Partial<MenuItemInput>): Promise<PanelMenuItem | null> {
      return db.transaction((tx) => menuRepository(tx).update(id, changes));
    },

    reorderMenu(parentId: number | null, ids: readonly number[]): Promise<boolean> {
      return db.transaction((tx) => menuRepository(tx).reorder(parentId, ids));
    },
  };
}
