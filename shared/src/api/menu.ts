import type { MenuItem } from '../schemas/menu.ts';
import type { ApiClient } from './client.ts';

/** `GET /api/menu/`: the header menu in the client's current language. */
export function getMenu(api: ApiClient, signal?: AbortSignal): Promise<MenuItem[]> {
  return api.request<MenuItem[]>('/api/menu/', { signal });
}
