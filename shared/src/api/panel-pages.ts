import type { PageInput, PanelPage, PanelPageRow } from '../schemas/page.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/** The list's query (`?search=&ordering=&published=&page=&page_size=`); `ordering` is a `PAGE_ORDERINGS` field, `-` reverses. */
export interface PanelPagesQuery {
  readonly search?: string;
  readonly ordering?: string;
  readonly published?: boolean;
  readonly page?: number;
  readonly page_size?: number;
}

/** `GET /api/panel/pages/`: one window of the panel's page list with the total count. */
export function listPanelPages(
  api: ApiClient,
  query: PanelPagesQuery = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelPageRow>> {
  const { published, search, ...rest } = query;
  return api.request<Paginated<PanelPageRow>>('/api/panel/pages/', {
    signal,
    query: { ...rest, search: search || undefined, published: published === undefined ? undefined : String(published) },
  });
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
