import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError, NetworkError } from './errors.ts';

function recordingFetch(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response();
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the API client', () => {
  it("answers a body checked by the call's decoder, and refuses one of another shape", async () => {
    const decode = (body: unknown) => {
      if (typeof (body as { id?: unknown }).id !== 'number') throw new TypeError('not a row');
      return body as { id: number };
    };
    const good = recordingFetch(() => json(200, { id: 3 }));
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch: good.fetch });
    expect(await api.request('/api/x/', { decode })).toEqual({ id: 3 });
    const bad = recordingFetch(() => json(200, { id: '3' }));
    const other = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch: bad.fetch });
    await expect(other.request('/api/x/', { decode })).rejects.toThrow('not a row');
  });

  it('asks for a second factor again on 403 step_up_required and sends the request once more once confirmed', async () => {
    const required = { detail: 'Confirm it is you.', code: 'step_up_required', methods: ['totp', 'recovery_code'] };
    const answers = [json(403, required), json(200, { id: 7, status: 'paid' })];
    const { calls, fetch } = recordingFetch(() => answers.shift() as Response);
    const asked: unknown[] = [];
    const api = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      getToken: () => 'abc',
      fetch,
      onStepUpRequired: async (body) => {
        asked.push(body);
        return true;
      },
    });
    expect(await api.request('/api/panel/invoices/7/paid/', { method: 'POST', body: { reason: '' } })).toEqual({
      id: 7,
      status: 'paid',
    });
    expect(asked).toEqual([required]);
    expect(calls.map((call) => [call.url, call.init.body])).toEqual([
      ['/api/panel/invoices/7/paid/', '{"reason":""}'],
      ['/api/panel/invoices/7/paid/', '{"reason":""}'],
    ]);

    // Not confirmed (the dialog closed): the refusal reaches the caller; another 403 is not a step-up.
    const refused = recordingFetch(() => json(403, required));
    const declining = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      getToken: () => 'abc',
      fetch: refused.fetch,
      onStepUpRequired: async () => false,
    });
    await expect(declining.request('/api/panel/invoices/7/paid/', { method: 'POST' })).rejects.toMatchObject({
      status: 403,
      detail: 'Confirm it is you.',
    });
    expect(refused.calls).toHaveLength(1);
    let askedAgain = false;
    const forbidden = recordingFetch(() => json(403, { detail: 'You do not have permission.' }));
    const plain = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      getToken: () => 'abc',
      fetch: forbidden.fetch,
      onStepUpRequired: async () => (askedAgain = true),
    });
    await expect(plain.request('/api/panel/users/')).rejects.toBeInstanceOf(ApiError);
    expect(askedAgain).toBe(false);
  });

  it('sends Accept-Language, the token with the Token scheme and same-origin credentials', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, { ok: true }));
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => 'abc', fetch });
    expect(await api.request('/api/users/', { query: { page: 2, search: undefined } })).toEqual({ ok: true });
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe('/api/users/?page=2');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Authorization')).toBe('Token abc');
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it('sends no Authorization header while anonymous, and honours a configured base URL', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, {}));
    const api = createApiClient({
      baseUrl: 'https://api.example.com',
      getLanguage: () => 'ru',
      getToken: () => '',
      fetch,
    });
    await api.request('/api/auth/login/', { method: 'POST', body: { email: 'a@b.c' } });
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe('https://api.example.com/api/auth/login/');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.c"}');
  });

  it('turns a DRF error body into an ApiError with field errors, nested ones included', async () => {
    const body = {
      email: ['Enter a valid email address.'],
      address: { city: ['This field is required.'] },
      items: [{ name: ['Too long.'] }],
      non_field_errors: ["The two password fields didn't match."],
    };
    const { fetch } = recordingFetch(() => json(400, body));
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch });
    const error = await api.request('/api/x/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.fieldErrors).toEqual({
      email: ['Enter a valid email address.'],
      'address.city': ['This field is required.'],
      'items.0.name': ['Too long.'],
      non_field_errors: ["The two password fields didn't match."],
    });
    expect(apiError.message).toBe(
      "Enter a valid email address., This field is required., Too long., The two password fields didn't match.",
    );
  });

  it('exposes a view-level detail', async () => {
    const { fetch } = recordingFetch(() => json(404, { detail: 'Not found.' }));
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch });
    const error = (await api.request('/api/pages/x/').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.detail).toBe('Not found.');
  });

  it("takes no messages from an answer that is not a DRF body (an empty one, or a proxy's HTML page)", async () => {
    for (const response of [
      () => new Response(null, { status: 403 }),
      () =>
        new Response('<html><body>403 Forbidden</body></html>', {
          status: 403,
          headers: { 'Content-Type': 'text/html' },
        }),
    ]) {
      const { fetch } = recordingFetch(response);
      const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch });
      const error = (await api.request('/api/x/').catch((caught: unknown) => caught)) as ApiError;
      expect(error.status).toBe(403);
      expect(error.messages).toEqual([]);
      expect(error.message).toBe('HTTP 403');
    }
  });

  it('reads a base URL given as a function on every call: another origin by full URL, a prefix by path', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, {}));
    let base = 'https://api.example.com';
    const api = createApiClient({ baseUrl: () => base, getLanguage: () => 'en', getToken: () => '', fetch });
    await api.request('/api/pages/', { query: { search: 'faq' } });
    base = '/backend';
    await api.request('/api/pages/');
    base = '';
    await api.request('/api/pages/');
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.example.com/api/pages/?search=faq',
      '/backend/api/pages/',
      '/api/pages/',
    ]);
  });

  it('reports a request that never got an answer as a NetworkError', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'en', getToken: () => '', fetch });
    await expect(api.request('/api/x/')).rejects.toBeInstanceOf(NetworkError);
  });

  it('uploads one file field as multipart/form-data', async () => {
    const { calls, fetch } = recordingFetch(() => json(201, { id: 1 }));
    const api = createApiClient({ baseUrl: '', getLanguage: () => 'ru', getToken: () => 't', fetch });
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });
    expect(await api.upload('/api/users/images/', file)).toEqual({ id: 1 });
    const body = calls[0]?.init.body as FormData;
    expect(calls[0]?.init.method).toBe('POST');
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('photo.png');
    expect(new Headers(calls[0]?.init.headers).has('Content-Type')).toBe(false);
  });
});

describe('a dead token', () => {
  it('ends the session when a request that carried a token gets 401, not when an anonymous one does', async () => {
    let ended = 0;
    const { fetch } = recordingFetch(() => json(401, { detail: 'Invalid token.' }));
    const signedIn = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      getToken: () => 'dead',
      onUnauthorized: () => ended++,
      fetch,
    });
    await expect(signedIn.request('/api/pages/')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
    const anonymous = createApiClient({
      baseUrl: '',
      getLanguage: () => 'en',
      getToken: () => '',
      onUnauthorized: () => ended++,
      fetch,
    });
    await expect(anonymous.request('/api/users/')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
  });
});

/** A stand-in XMLHttpRequest (node has none): records the request, and the test drives its progress and answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  responseHeaders = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === null ? '' : JSON.stringify(body);
    this.responseHeaders = 'Content-Type: application/json\r\nX-Request-Id: 7\r\n';
    this.onload?.();
  }
}

describe('an upload with progress', () => {
  const file = () => new File(['0123456789'], 'proxy-2.4.0.apk', { type: 'application/vnd.android.package-archive' });
  const client = (onUnauthorized?: () => void) => {
    const fetch = (async () => {
      throw new Error('an upload with progress must not use fetch');
    }) as unknown as typeof globalThis.fetch;
    return createApiClient({ baseUrl: '', getLanguage: () => 'ru', getToken: () => 'tok', onUnauthorized, fetch });
  };

  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the file by XMLHttpRequest with the same headers, reports progress, and answers the JSON body', async () => {
    const seen: [number, number][] = [];
    const done = client().upload('/api/panel/versions/files/', file(), {
      onProgress: (loaded, total) => seen.push([loaded, total]),
    });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/panel/versions/files/');
    expect(xhr.headers).toEqual({ accept: 'application/json', 'accept-language': 'ru', authorization: 'Token tok' });
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get('file') as File).name).toBe('proxy-2.4.0.apk');
    xhr.progress(4, 10);
    // Without a computable length the file's own size is the total.
    xhr.progress(8, 0, false);
    xhr.answer(201, { id: 5, sha256: 'ab' });
    expect(await done).toEqual({ id: 5, sha256: 'ab' });
    expect(seen).toEqual([
      [4, 10],
      [8, 10],
    ]);
  });

  it('turns an error answer into an ApiError with its field errors, and a 401 ends the session', async () => {
    let ended = 0;
    const api = client(() => ended++);
    const refused = api.upload('/api/panel/versions/files/', file(), { onProgress: () => undefined });
    (FakeXhr.last as FakeXhr).answer(400, { file: ['The file name is not allowed.'] });
    const error = (await refused.catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ file: ['The file name is not allowed.'] });
    const dead = api.upload('/api/panel/versions/files/', file(), { onProgress: () => undefined });
    (FakeXhr.last as FakeXhr).answer(401, { detail: 'Invalid token.' });
    await expect(dead).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
  });

  it('reports a connection that never answered as a NetworkError', async () => {
    const lost = client().upload('/api/panel/versions/files/', file(), { onProgress: () => undefined });
    (FakeXhr.last as FakeXhr).onerror?.();
    await expect(lost).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts the request when the signal does, rejecting with an AbortError', async () => {
    const controller = new AbortController();
    const cancelled = client().upload('/api/panel/versions/files/', file(), {
      signal: controller.signal,
      onProgress: () => undefined,
    });
    const xhr = FakeXhr.last as FakeXhr;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    // Already aborted: nothing is sent at all.
    FakeXhr.last = undefined;
    await expect(
      client().upload('/api/panel/versions/files/', file(), { signal: controller.signal, onProgress: () => undefined }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBeUndefined();
  });
});
