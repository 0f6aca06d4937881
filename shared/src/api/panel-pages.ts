import { decodeWith, paginatedSchema } from './decode.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import {
  PAGE_LIST,
  type PageInput,
  type PageListParams,
  type PanelPage,
  type PanelPageRow,
  PanelPageSchema,
  PanelPageRowSchema,
} from '../schemas/page.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

const decodePage = decodeWith(paginatedSchema(PanelPageRowSchema));
const decodeOne = decodeWith(PanelPageSchema);

/** `GET /api/panel/pages/`: one window of the panel's page list (`PAGE_LIST`'s query) with the total count. */
export function listPanelPages(
  api: ApiClient,
  params: PageListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelPageRow>> {
  return api.request('/api/panel/pages/', { signal, query: listQueryOf(PAGE_LIST, params), decode: decodePage });
}

export function getPanelPage(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelPage> {
  return api.request(`/api/panel/pages/${id}/`, { signal, decode: decodeOne });
}

export function createPanelPage(api: ApiClient, input: PageInput): Promise<PanelPage> {
  return api.request('/api/panel/pages/', { method: 'POST', body: input, decode: decodeOne });
}

/** PATCH: any subset of the fields. */
export function updatePanelPage(api: ApiClient, id: number, changes: Partial<PageInput>): Promise<PanelPage> {
  return api.request(`/api/panel/pages/${id}/`, { method: 'PATCH', body: changes, decode: decodeOne });
}

/** 204; the home page is refused with a 400 `detail`. */
export function deletePanelPage(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/pages/${id}/`, { method: 'DELETE' });
}
