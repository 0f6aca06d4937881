import type { MenuItemInput, PanelMenuItem } from '../schemas/menu.ts';
import type { ApiClient } from './client.ts';

/** `GET /api/panel/menu/`: every item of the header menu, both levels, with `parent_id` and `sort_order`. */
export function listPanelMenu(api: ApiClient, signal?: AbortSignal): Promise<PanelMenuItem[]> {
  return api.request<PanelMenuItem[]>('/api/panel/menu/', { signal });
}

export function createPanelMenuItem(api: ApiClient, input: MenuItemInput): Promise<PanelMenuItem> {
  return api.request<PanelMenuItem>('/api/panel/menu/', { method: 'POST', body: input });
}

/** A new order of the items under one parent (`null`: the top level); answers the whole menu. */
export function reorderPanelMenu(
  api: ApiClient,
  ids: readonly number[],
  parentId: number | null,
): Promise<PanelMenuItem[]> {
  return api.request<PanelMenuItem[]>('/api/panel/menu/order/', {
    method: 'POST',
    body: { ids, parent_id: parentId },
  });
}

export function updatePanelMenuItem(
  api: ApiClient,
  id: number,
  changes: Partial<MenuItemInput>,
): Promise<PanelMenuItem> {
  return api.request<PanelMenuItem>(`/api/panel/menu/${id}/`, { method: 'PATCH', body: changes });
}

export function deletePanelMenuItem(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/menu/${id}/`, { method: 'DELETE' });
}
