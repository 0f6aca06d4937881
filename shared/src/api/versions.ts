import { decodeWith } from './decode.ts';
import { type Downloads, DownloadsSchema } from '../schemas/versions.ts';
import type { ApiClient } from './client.ts';

/** The public downloads page: the latest published stable release of each platform, in the request's language. */
export function getDownloads(api: ApiClient, signal?: AbortSignal): Promise<Downloads> {
  return api.request('/api/versions/downloads/', { signal, decode: decodeWith(DownloadsSchema) });
}
