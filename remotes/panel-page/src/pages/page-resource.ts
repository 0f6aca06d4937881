/**
 * The Pages resource in the panel's one shape (house style, react-admin): the data calls the list, create and edit
 * screens make, the route loaders, and what the signed-in user may do. The API enforces the same permissions; the
 * UI only hides what would be refused.
 */
import { listPanelBlocks } from '@proxy/contract/api/panel-blocks';
import {
  createPanelPage,
  deletePanelPage,
  getPanelPage,
  listPanelPages,
  updatePanelPage,
  type PanelPagesQuery,
} from '@proxy/contract/api/panel-pages';
import { hasPermission, PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelBlock } from '@proxy/contract/schemas/blocks';
import type { PageInput, PanelPage, PanelPageRow } from '@proxy/contract/schemas/page';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';

export const pageResource = {
  async getList(
    query: PanelPagesQuery,
    signal?: AbortSignal,
  ): Promise<{ data: readonly PanelPageRow[]; total: number }> {
    const page = await listPanelPages(api, query, signal);
    return { data: page.results, total: page.count };
  },
  getOne: (id: number, signal?: AbortSignal) => getPanelPage(api, id, signal),
  create: (input: PageInput) => createPanelPage(api, input),
  update: (id: number, changes: Partial<PageInput>) => updatePanelPage(api, id, changes),
  delete: (id: number) => deletePanelPage(api, id),
};

export interface PagePermissions {
  readonly canAdd: boolean;
  readonly canChange: boolean;
  readonly canDelete: boolean;
}

/** What the signed-in user may do in this section (viewing is the route's own guard). */
export function usePagePermissions(): PagePermissions {
  const user = useAtomValue(userAtom);
  return {
    canAdd: hasPermission(user, PAGE_PERMISSIONS.add),
    canChange: hasPermission(user, PAGE_PERMISSIONS.change),
    canDelete: hasPermission(user, PAGE_PERMISSIONS.delete),
  };
}

/** `/panel/page/{id}` takes a database id only: anything else is the 404 page, not a failed API call. */
export const validatePageId = ({ params }: PageLoaderArgs) => /^[1-9][0-9]{0,9}$/.test(params.id ?? '');

export interface PageEditData {
  readonly page: PanelPage;
  readonly blocks: readonly PanelBlock[];
}

/** The edit screen's data: the page with every language's fields, and its blocks in order. */
export async function loadPageEdit({ params, signal }: PageLoaderArgs): Promise<PageEditData> {
  const id = Number(params.id);
  const [page, blocks] = await Promise.all([pageResource.getOne(id, signal), listPanelBlocks(api, id, signal)]);
  return { page, blocks };
}
