import type { FooterLink, MenuItem } from '../schemas/menu.ts';
import type { ApiClient } from './client.ts';

/** `GET /api/menu/`: the header menu in the client's current language. */
export function getMenu(api: ApiClient, signal?: AbortSignal): Promise<MenuItem[]> {
  return api.request<MenuItem[]>('/api/menu/', { signal });
}

/** `GET /api/menu/footer/`: the footer's links (published pages placed in the footer) in the current language. */
export function getFooter(api: ApiClient, signal?: AbortSignal): Promise<FooterLink[]> {
  return api.request<FooterLink[]>('/api/menu/footer/', { signal });
}
