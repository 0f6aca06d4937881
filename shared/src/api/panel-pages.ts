import { listQueryOf } from '../schemas/list-query.ts';
import { PAGE_LIST, type PageInput, type PageListParams, type PanelPage, type PanelPageRow } from '../schemas/page.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** `GET /api/panel/pages/`: one window of the panel's page list (`PAGE_LIST`'s query) with the total count. */
export function listPanelPages(
  api: ApiClient,
  params: PageListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelPageRow>> {
  return api.request<Paginated<PanelPageRow>>('/api/panel/pages/', { signal, query: listQueryOf(PAGE_LIST, params) });
}

export function getPanelPage(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelPage> {
  return api.request<PanelPage>(`/api/panel/pages/${id}/`, { signal });
}

export function createPanelPage(api: ApiClient, input: PageInput): Promise<PanelPage> {
  return api.request<PanelPage>('/api/panel/pages/', { method: 'POST', body: input });
}

/** PATCH: any subset of the fields. */
export function updatePanelPage(api: ApiClient, id: number, changes: Partial<PageInput>): Promise<PanelPage> {
  return api.request<PanelPage>(`/api/panel/pages/${id}/`, { method: 'PATCH', body: changes });
}

/** 204; the home page is refused with a 400 `detail`. */
export function deletePanelPage(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/pages/${id}/`, { method: 'DELETE' });
}
