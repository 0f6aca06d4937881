import type { BlockInput, BlockPatch, PanelBlock } from '../schemas/blocks.ts';
import type { ApiClient } from './client.ts';

/** `GET /api/panel/pages/{id}/blocks/`: the page's blocks in order, every language's data. */
export function listPanelBlocks(api: ApiClient, pageId: number, signal?: AbortSignal): Promise<PanelBlock[]> {
  return api.request<PanelBlock[]>(`/api/panel/pages/${pageId}/blocks/`, { signal });
}

/** Adds a block at the end of the page. */
export function createPanelBlock(api: ApiClient, pageId: number, input: BlockInput): Promise<PanelBlock> {
  return api.request<PanelBlock>(`/api/panel/pages/${pageId}/blocks/`, { method: 'POST', body: input });
}

/** A new order: every block id of the page, first to last; answers the page's blocks in that order. */
export function reorderPanelBlocks(api: ApiClient, pageId: number, ids: readonly number[]): Promise<PanelBlock[]> {
  return api.request<PanelBlock[]>(`/api/panel/pages/${pageId}/blocks/order/`, { method: 'POST', body: { ids } });
}

/** An edit (`blockPatchSchema`): never the type; `data_en: null` = not translated. */
export function updatePanelBlock(api: ApiClient, id: number, changes: BlockPatch): Promise<PanelBlock> {
  return api.request<PanelBlock>(`/api/panel/blocks/${id}/`, { method: 'PATCH', body: changes });
}

export function deletePanelBlock(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/blocks/${id}/`, { method: 'DELETE' });
}
