import * as v from 'valibot';
import { decodeWith } from './decode.ts';
import { type BlockInput, type BlockPatch, type PanelBlock, PanelBlockSchema } from '../schemas/blocks.ts';
import type { ApiClient } from './client.ts';

const decodeList = decodeWith(v.array(PanelBlockSchema));
const decodeOne = decodeWith(PanelBlockSchema);

/** `GET /api/panel/pages/{id}/blocks/`: the page's blocks in order, every language's data. */
export function listPanelBlocks(api: ApiClient, pageId: number, signal?: AbortSignal): Promise<PanelBlock[]> {
  return api.request(`/api/panel/pages/${pageId}/blocks/`, { signal, decode: decodeList });
}

/** Adds a block at the end of the page. */
export function createPanelBlock(api: ApiClient, pageId: number, input: BlockInput): Promise<PanelBlock> {
  return api.request(`/api/panel/pages/${pageId}/blocks/`, { method: 'POST', body: input, decode: decodeOne });
}

/** A new order: every block id of the page, first to last; answers the page's blocks in that order. */
export function reorderPanelBlocks(api: ApiClient, pageId: number, ids: readonly number[]): Promise<PanelBlock[]> {
  return api.request(`/api/panel/pages/${pageId}/blocks/order/`, { method: 'POST', body: { ids }, decode: decodeList });
}

/** An edit (`blockPatchSchema`): never the type; `data_en: null` = not translated. */
export function updatePanelBlock(api: ApiClient, id: number, changes: BlockPatch): Promise<PanelBlock> {
  return api.request(`/api/panel/blocks/${id}/`, { method: 'PATCH', body: changes, decode: decodeOne });
}

export function deletePanelBlock(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/blocks/${id}/`, { method: 'DELETE' });
}
