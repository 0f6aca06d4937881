import type { PageSummary, PublicPage } from '../schemas/page.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

export function getPage(api: ApiClient, slug: string, signal?: AbortSignal): Promise<PublicPage> {
  return api.request<PublicPage>(`/api/pages/${encodeURIComponent(slug)}/`, { signal });
}

export function listPages(api: ApiClient, signal?: AbortSignal): Promise<Paginated<PageSummary>> {
  return api.request<Paginated<PageSummary>>('/api/pages/', { signal, query: { page_size: 100 } });
}

/** The home page with its blocks and, when it shows the price table, the plans. */
export function getHome(api: ApiClient, signal?: AbortSignal): Promise<PublicPage> {
  return api.request<PublicPage>('/api/home/', { signal });
}
