import { decodeWith, paginatedSchema } from './decode.ts';
import { listQueryOf } from '../schemas/list-query.ts';
import {
  type PanelVersion,
  PanelVersionSchema,
  type VersionFile,
  VersionFileSchema,
  type VersionInput,
  VERSION_LIST,
  type VersionListParams,
} from '../schemas/versions.ts';
import type { ApiClient } from './client.ts';
import type { Paginated } from './pagination.ts';

/**
 * The panel's Updates section (`versions.*_version`). Field errors come back DRF-shaped: `{version_code: [...]}` for a
 * code not above the platform and channel's highest, `{file_id: [...]}` / `{external_url: [...]}` when neither or
 * both are given or the file is unknown.
 */

const decodeVersion = decodeWith(PanelVersionSchema);

export function listPanelVersions(
  api: ApiClient,
  params: VersionListParams = {},
  signal?: AbortSignal,
): Promise<Paginated<PanelVersion>> {
  return api.request('/api/panel/versions/', {
    signal,
    query: listQueryOf(VERSION_LIST, params),
    decode: decodeWith(paginatedSchema(PanelVersionSchema)),
  });
}

export function getPanelVersion(api: ApiClient, id: number, signal?: AbortSignal): Promise<PanelVersion> {
  return api.request(`/api/panel/versions/${id}/`, { signal, decode: decodeVersion });
}

export function createPanelVersion(api: ApiClient, input: VersionInput): Promise<PanelVersion> {
  return api.request('/api/panel/versions/', { method: 'POST', body: input, decode: decodeVersion });
}

export function updatePanelVersion(api: ApiClient, id: number, changes: Partial<VersionInput>): Promise<PanelVersion> {
  return api.request(`/api/panel/versions/${id}/`, { method: 'PATCH', body: changes, decode: decodeVersion });
}

/** 204; the release's uploaded file is deleted with it. */
export function deletePanelVersion(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/versions/${id}/`, { method: 'DELETE' });
}

/**
 * Streams a build to the server (multipart, one `file` field; `versions.add_version` or `change_version`): 201 the
 * stored file with its size and SHA-256; 413 past the size limit, 400 `{file: [...]}` for a missing file or a bad
 * name. An interrupted upload leaves nothing on the server.
 */
export async function uploadVersionFile(
  api: ApiClient,
  file: Blob,
  options: { signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<VersionFile> {
  return decodeWith(VersionFileSchema)(await api.upload('/api/panel/versions/files/', file, options));
}
