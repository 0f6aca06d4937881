/**
 * The Pages resource's data for the panel's one shape (house style, react-admin): the edit screen's id check and
 * loader. The list and the forms call the contract's API functions directly.
 */
import { listPanelBlocks } from '@proxy/contract/api/panel-blocks';
import { getPanelPage } from '@proxy/contract/api/panel-pages';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelBlock } from '@proxy/contract/schemas/blocks';
import type { PanelPage } from '@proxy/contract/schemas/page';
import { api } from '@proxy/contract/state';

/** `/panel/page/{id}` takes a database id only: anything else is the 404 page, not a failed API call. */
export const validatePageId = ({ params }: PageLoaderArgs) => /^[1-9][0-9]{0,9}$/.test(params.id ?? '');

export interface PageEditData {
  readonly page: PanelPage;
  readonly blocks: readonly PanelBlock[];
}

/** The edit screen's data: the page with every language's fields, and its blocks in order. */
export async function loadPageEdit({ params, signal }: PageLoaderArgs): Promise<PageEditData> {
  const id = Number(params.id);
  const [page, blocks] = await Promise.all([getPanelPage(api, id, signal), listPanelBlocks(api, id, signal)]);
  return { page, blocks };
}
