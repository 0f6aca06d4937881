import * as v from 'valibot';
import { decodeWith } from './decode.ts';
import { type MenuItemInput, type PanelMenuItem, PanelMenuItemSchema } from '../schemas/menu.ts';
import type { ApiClient } from './client.ts';

const decodeList = decodeWith(v.array(PanelMenuItemSchema));
const decodeOne = decodeWith(PanelMenuItemSchema);

/** `GET /api/panel/menu/`: every item of the header menu, both levels, with `parent_id` and `sort_order`. */
export function listPanelMenu(api: ApiClient, signal?: AbortSignal): Promise<PanelMenuItem[]> {
  return api.request('/api/panel/menu/', { signal, decode: decodeList });
}

export function createPanelMenuItem(api: ApiClient, input: MenuItemInput): Promise<PanelMenuItem> {
  return api.request('/api/panel/menu/', { method: 'POST', body: input, decode: decodeOne });
}

/** A new order of the items under one parent (`null`: the top level); answers the whole menu. */
export function reorderPanelMenu(
  api: ApiClient,
  ids: readonly number[],
  parentId: number | null,
): Promise<PanelMenuItem[]> {
  return api.request('/api/panel/menu/order/', {
    method: 'POST',
    body: { ids, parent_id: parentId },
    decode: decodeList,
  });
}

export function updatePanelMenuItem(
  api: ApiClient,
  id: number,
  changes: Partial<MenuItemInput>,
): Promise<PanelMenuItem> {
  return api.request(`/api/panel/menu/${id}/`, { method: 'PATCH', body: changes, decode: decodeOne });
}

export function deletePanelMenuItem(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/menu/${id}/`, { method: 'DELETE' });
}
