/**
 * "Try it": one request to the customer API with the visitor's own key. The request goes to this site's own
 * `/api/v1/` (a relative URL, so the same origin, whatever the document's server URL says) and nowhere else; the key
 * travels in the `Authorization` header only, and cookies are left out (`credentials: 'omit'`): the key alone is the
 * credential, as in the visitor's scripts. Nothing here keeps the key: the page holds it in memory while it is open.
 */
import type { Language } from '@proxy/contract/languages';
import type { DocOperation } from './openapi-doc.ts';

export const API_PREFIX = '/api/v1';

/** The answer's headers a script cares about: its key's budget and how long to wait. */
export const SHOWN_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'content-type',
] as const;

export interface TryRequest {
  readonly key: string;
  /** Path and query parameter values by name; empty query values are left out. */
  readonly values: Readonly<Record<string, string>>;
  readonly idempotencyKey?: string;
  /** The JSON body as typed (already checked to parse). */
  readonly body?: string;
  readonly language: Language;
}

export interface TryAnswer {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The answer pretty-printed when it is JSON, as sent otherwise. */
  readonly body: string;
}

/** The same-origin URL of the operation with the form's values. */
export function tryUrl(operation: DocOperation, values: Readonly<Record<string, string>>): string {
  const parameters = operation.operation.parameters ?? [];
  let path = operation.path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(values[parameter.name] ?? ''));
  }
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const value = values[parameter.name];
    if (value) query.set(parameter.name, value);
  }
  const search = query.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

export async function sendTry(operation: DocOperation, request: TryRequest, signal?: AbortSignal): Promise<TryAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': request.language,
    Authorization: `Bearer ${request.key.trim()}`,
  };
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(tryUrl(operation, request.values), {
    method: operation.method,
    headers,
    body: request.body,
    credentials: 'omit',
    cache: 'no-store',
    signal,
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (a proxy's error page): shown as it came.
  }
  return {
    status: response.status,
    headers: SHOWN_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value] as const];
    }),
    body,
  };
}
