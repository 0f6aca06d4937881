import type { Language } from '../languages.ts';
import { ApiError, NetworkError, STEP_UP_REQUIRED, type StepUpRequired } from './errors.ts';

function isStepUpRequired(status: number, body: unknown): body is StepUpRequired {
  return (
    status === 403 && typeof body === 'object' && body !== null && 'code' in body && body.code === STEP_UP_REQUIRED
  );
}

export interface ApiClientOptions {
  /** Origin and prefix the API lives under; '' means the page's own origin. A function is read on every call. */
  readonly baseUrl: string | (() => string);
  /** The current interface language, sent as Accept-Language on every call (spec §7). */
  readonly getLanguage: () => Language;
  /** The signed-in user's token; empty when anonymous. */
  readonly getToken: () => string;
  /** Called when a request that carried a token is answered 401: the token is dead, the session is over. */
  readonly onUnauthorized?: () => void;
  /**
   * Called when a request is answered 403 `step_up_required` (issue #48: money moves only within minutes of a second
   * factor): answers true once the person confirmed one again, and the request is then sent once more.
   */
  readonly onStepUpRequired?: (required: StepUpRequired) => Promise<boolean>;
  readonly fetch?: typeof fetch;
}

export interface RequestOptions<T = unknown> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly signal?: AbortSignal;
  /** Headers of this call only (an `Idempotency-Key`); the client's own (language, token) are set after them. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Checks a 2xx body and answers it typed (`decodeWith(Schema)`, api/decode.ts); one that does not fit throws, so
   * no screen works on a shape it was not written for. Without it the body is answered as it came: the public
   * pages' calls, which keep valibot out of the first paint.
   */
  readonly decode?: (body: unknown) => T;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * Posts multipart/form-data with one file field to `path` (spec §7's upload helper). With `onProgress` it is sent
   * by XMLHttpRequest, the one browser API that reports an upload's progress (fetch reports none), told the bytes
   * sent so far and the total; headers, errors and abort are the same either way.
   */
  upload<T>(path: string, file: Blob, options?: UploadOptions): Promise<T>;
}

export interface UploadOptions {
  readonly field?: string;
  readonly filename?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (loaded: number, total: number) => void;
}

/** Statuses whose answer has no body: a `Response` refuses to be built with one. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * A fetch for one upload over XMLHttpRequest, reporting the upload's progress: it answers a `Response` and fails as
 * fetch does (AbortError when the signal aborts, TypeError when no answer came), so the client treats both alike.
 */
function xhrFetch(onProgress: (loaded: number, total: number) => void, size: number): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(signal.reason ?? abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'text';
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : size);
      xhr.onload = () => {
        settle();
        const status = xhr.status;
        resolve(
          new Response(NULL_BODY.has(status) ? null : xhr.responseText, {
            status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = xhr.ontimeout = () => {
        settle();
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        settle();
        reject(signal?.reason ?? abortError());
      };
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The one typed API client: every call goes through here, so headers and error decoding are the same everywhere. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send<T>(
    path: string,
    init: RequestInit,
    query?: RequestOptions['query'],
    decode?: (body: unknown) => T,
    transport: typeof fetch = doFetch,
  ): Promise<T> {
    const base = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
    const url = new URL(`${base}${path}`, 'http://placeholder.invalid');
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    // Another origin is called by its full URL; this origin (a path prefix or nothing) by path.
    const href = /^https?:\/\//.test(base) ? url.href : `${url.pathname}${url.search}`;
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', options.getLanguage());
    const token = options.getToken();
    if (token) headers.set('Authorization', `Token ${token}`);
    let response: Response;
    try {
      response = await transport(href, { ...init, headers, credentials: 'same-origin' });
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
    const body = await readBody(response);
    if (response.status === 401 && token) options.onUnauthorized?.();
    if (isStepUpRequired(response.status, body) && options.onStepUpRequired && !init.signal?.aborted) {
      if (await options.onStepUpRequired(body)) return send(path, init, query, decode, transport);
    }
    if (!response.ok) throw new ApiError(response.status, body);
    return decode ? decode(body) : (body as T);
  }

  return {
    request(path, { method = 'GET', body, query, signal, decode, headers = {} } = {}) {
      const init: RequestInit = { method, signal, headers };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { ...headers, 'Content-Type': 'application/json' };
      }
      return send(path, init, query, decode);
    },
    upload(path, file, { field = 'file', filename, signal, onProgress } = {}) {
      const form = new FormData();
      form.append(field, file, filename ?? (file instanceof File ? file.name : 'upload'));
      // No Content-Type header: the browser sets multipart/form-data with its boundary.
      const transport = onProgress ? xhrFetch(onProgress, file.size) : doFetch;
      return send(path, { method: 'POST', body: form, signal }, undefined, undefined, transport);
    },
  };
}
