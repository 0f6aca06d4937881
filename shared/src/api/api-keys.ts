import * as v from 'valibot';
import {
  ApiKeyCreatedSchema,
  ApiKeySchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '../schemas/api-keys.ts';
import type { ApiClient } from './client.ts';
import { decodeWith } from './decode.ts';

/** The signed-in customer's keys for the customer API (`/api/v1/`), live ones first. */
export function listApiKeys(api: ApiClient, signal?: AbortSignal): Promise<ApiKey[]> {
  return api.request('/api/users/api-keys/', { signal, decode: decodeWith(v.array(ApiKeySchema)) });
}

/** A new key; its `secret` is in this answer only. 409 past the account's limit of keys. */
export function createApiKey(api: ApiClient, body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return api.request('/api/users/api-keys/', { method: 'POST', body, decode: decodeWith(ApiKeyCreatedSchema) });
}

/** Revokes a key at once, on every server process. 404 for another's key or one already revoked. */
export function revokeApiKey(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/users/api-keys/${id}/`, { method: 'DELETE' });
}
