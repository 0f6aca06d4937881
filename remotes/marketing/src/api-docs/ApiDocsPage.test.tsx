// The API documentation page (`/api-docs`, issue #30), rendered from the document the server serves (the fixture is
// that document, kept equal to it by server/domains/customer-api/openapi-fixture.test.ts), through the lazy chunk the
// remote's route uses: the intro, every operation by tag with its scope, schemas and examples, in ru and en, and
// "Try it" sending the visitor's key to this site's /api/v1/ only.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render-page.tsx';
import { ApiDocs, loadApiDocs } from './lazy-api-docs.tsx';
import type { OpenApiDocument } from './openapi-doc.ts';
import fixture from './test/openapi.json';
import { api, appStore } from '@proxy/contract/state';

const DOCUMENT = fixture as unknown as OpenApiDocument;
const KEY = `mpk_0123abcd_${'f'.repeat(40)}`;

/** The lazy chunk's first import (this page's whole code) takes longer than `findBy`'s default second. */
const LOADING = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const operation = (name: string) => screen.getByRole('article', { name: new RegExp(name) });
/** The paragraph whose whole text (code included) starts with `start`. */
const paragraph = (container: HTMLElement, start: string) =>
  within(container).getByText((_, element) => element?.tagName === 'P' && !!element.textContent?.startsWith(start));

it('explains authentication, errors, limits, pagination and idempotency, and lists every operation by tag (en)', async () => {
  await renderPage(ApiDocs, DOCUMENT, 'en');
  expect((await screen.findByRole('heading', { level: 1 }, LOADING)).textContent).toBe('Customer API');
  const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(sections).toEqual([
    'Authentication',
    'Errors',
    'Rate limits',
    'Pagination',
    'Idempotency',
    'Your key for “Try it”',
    'Proxies',
    'Orders',
    'Billing',
  ]);
  expect(screen.getByText('Authorization: Bearer mpk_…')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Create a key in your profile' }).getAttribute('href')).toBe('/en/user');
  const rotate = screen.getByText('proxies:rotate', { selector: 'dt code' }).closest('div') as HTMLElement;
  expect(rotate.textContent).toBe('proxies:rotatechange the IP, reboot the modem and check the proxy now');
  expect(screen.getAllByText(/^proxies:|^orders:|^billing:/, { selector: 'dt code' })).toHaveLength(5);

  // Every operation of the document is on the page, once.
  const count = Object.values(DOCUMENT.paths).flatMap((item) => Object.keys(item)).length;
  expect(screen.getAllByRole('article').filter((article) => article.id.startsWith('op-'))).toHaveLength(count);

  const reboot = operation('Reboot the proxy’s modem');
  expect(within(reboot).getByText('/api/v1/proxies/{id}/reboot')).toBeTruthy();
  expect(within(reboot).getByText('POST')).toBeTruthy();
  expect(paragraph(reboot, 'Scope:').textContent).toBe('Scope: proxies:rotate');
  expect(within(reboot).getByRole('heading', { name: 'Answer 200' })).toBeTruthy();
  expect(within(reboot).getByText(/^Errors: 400, 401, 403, 404, 409, 429, 502, 503, 504/)).toBeTruthy();
  expect(within(reboot).getByLabelText(/^curl: /).textContent).toBe(
    "curl -X POST 'http://testserver/api/v1/proxies/1/reboot' \\\n  -H 'Authorization: Bearer mpk_…'",
  );
  expect(within(reboot).getByLabelText(/^Python \(requests\): /).textContent).toBe(
    [
      'import requests',
      '',
      'response = requests.post(',
      '    "http://testserver/api/v1/proxies/1/reboot",',
      '    headers={"Authorization": "Bearer mpk_…"},',
      '    timeout=90,',
      ')',
      'print(response.status_code, response.json())',
    ].join('\n'),
  );
});

it('shows the proxy answer as a nested schema with its health, and a paying request with its Idempotency-Key', async () => {
  await renderPage(ApiDocs, DOCUMENT, 'en');
  const proxy = await screen.findByRole('article', { name: /One proxy, with everything needed to connect/ }, LOADING);
  const health = within(proxy).getByText('health', { selector: 'code' }).closest('li') as HTMLElement;
  expect(within(health).getByText('uptime_24h')).toBeTruthy();
  expect(within(health).getByText('latency_ms').parentElement?.textContent).toContain('number | null');
  expect(paragraph(proxy, 'Scope:').textContent).toBe('Scope: proxies:read');

  const order = operation('Order proxies, paid from the balance');
  expect(within(order).getByText('Idempotency-Key', { selector: 'th code' })).toBeTruthy();
  expect(within(order).getByLabelText(/^curl: /).textContent).toContain('-H "Idempotency-Key: $(uuidgen)"');
  expect(within(order).getByLabelText(/^curl: /).textContent).toContain(
    `-d '{"country":"DE","city":"Berlin","operator":"Vodafone","period_days":30,"quantity":1}'`,
  );
  const python = within(order).getByLabelText(/^Python \(requests\): /).textContent ?? '';
  expect(python.startsWith('import uuid\n\nimport requests\n')).toBe(true);
  expect(python).toContain('"Idempotency-Key": str(uuid.uuid4())');
  expect(python).toContain('    json={\n        "country": "DE",');
  expect(paragraph(operation('Free modems per place'), 'Scope:').textContent).toBe('Scope: any key');
});

it('speaks Russian on the Russian page, the operations included', async () => {
  await renderPage(ApiDocs, DOCUMENT, 'ru');
  expect((await screen.findByRole('heading', { level: 1 }, LOADING)).textContent).toBe('API для клиентов');
  const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  expect(sections.slice(0, 2)).toEqual(['Авторизация', 'Ошибки']);
  expect(sections.slice(-3)).toEqual(['Прокси', 'Заказы', 'Финансы']);
  const reboot = operation('Перезагрузить модем прокси');
  expect(paragraph(reboot, 'Право proxies:rotate. Открытые соединения закрываются')).toBeTruthy();
  expect(paragraph(reboot, 'Право:').textContent).toBe('Право: proxies:rotate');
  expect(within(reboot).getByRole('heading', { name: 'Ответ 200' })).toBeTruthy();
  expect(within(reboot).getByText('Попробовать')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Создать ключ в профиле' }).getAttribute('href')).toBe('/user');
  expect(screen.queryByText('Reboot the proxy’s modem (its own cooldown applies)')).toBeNull();
});

it("tries an operation with the visitor's key: same origin, the key only in Authorization, the answer shown", async () => {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Wait.' } }), {
        status: 429,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': '540',
          'ratelimit-limit': '60',
          'ratelimit-remaining': '58',
          'ratelimit-reset': '41',
          'x-other': 'not shown',
        },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  await renderPage(ApiDocs, DOCUMENT, 'en');
  const reboot = await screen.findByRole('article', { name: /Reboot the proxy’s modem/ }, LOADING);
  const form = within(reboot).getByRole('form', { name: /^Try it: / });
  const send = within(form).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  expect(within(form).getByText('Enter your API key above to send requests.')).toBeTruthy();

  const key = screen.getByLabelText('API key') as HTMLInputElement;
  expect(key.type).toBe('password');
  fireEvent.change(key, { target: { value: KEY } });
  fireEvent.change(within(form).getByLabelText(/^id /), { target: { value: '7' } });
  expect(within(form).getByText('POST /api/v1/proxies/7/reboot')).toBeTruthy();
  await act(async () => {
    fireEvent.click(send);
  });
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/v1/proxies/7/reboot');
  expect(init).toMatchObject({ method: 'POST', credentials: 'omit', cache: 'no-store' });
  expect(init.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en', Authorization: `Bearer ${KEY}` });
  expect(init.body).toBeUndefined();

  expect(within(form).getByText('429')).toBeTruthy();
  for (const header of ['retry-after: 540', 'ratelimit-remaining: 58', 'ratelimit-reset: 41']) {
    expect(within(form).getByText(header)).toBeTruthy();
  }
  expect(within(form).queryByText(/x-other/)).toBeNull();
  expect(within(form).getByLabelText('Answer').textContent).toBe(
    JSON.stringify({ error: { code: 'rate_limited', message: 'Wait.' } }, null, 2),
  );
  // Nothing of the key was kept by the browser.
  expect(JSON.stringify({ ...localStorage })).not.toContain(KEY);
  expect(JSON.stringify({ ...sessionStorage })).not.toContain(KEY);
  expect(document.cookie).not.toContain(KEY);
});

it('sends a JSON body and query values as typed, and refuses a body that is not JSON (ru)', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7, login: 'u1a2b3c4d5' }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  await renderPage(ApiDocs, DOCUMENT, 'ru');
  fireEvent.change(await screen.findByLabelText('API-ключ', {}, LOADING), { target: { value: KEY } });
  const login = operation('Задать прокси свой логин');
  const form = within(login).getByRole('form');
  const body = within(form).getByLabelText('Тело запроса (JSON)') as HTMLTextAreaElement;
  expect(JSON.parse(body.value)).toEqual({ login: 'u1a2b3c4d5' });
  fireEvent.change(body, { target: { value: '{"login": ' } });
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
  });
  expect(within(form).getByRole('alert').textContent).toBe('Тело запроса — не корректный JSON.');
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.change(body, { target: { value: '{"login": "u9z8y7x6w5"}' } });
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
  });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/v1/proxies/1/login');
  expect(init.body).toBe('{"login": "u9z8y7x6w5"}');
  expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Accept-Language': 'ru' });
  expect(within(form).getByText('200')).toBeTruthy();

  const list = operation('Список ваших прокси');
  const listForm = within(list).getByRole('form');
  fireEvent.change(within(listForm).getByLabelText(/^page_size /), { target: { value: '5' } });
  await act(async () => {
    fireEvent.click(within(listForm).getByRole('button', { name: 'Отправить' }));
  });
  expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('/api/v1/proxies?page_size=5');
});

it('loads the document from this site without credentials', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify(DOCUMENT), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const signal = new AbortController().signal;
  expect(await loadApiDocs({ params: {}, language: 'en', signal, store: appStore, api })).toEqual(DOCUMENT);
  expect(fetch).toHaveBeenCalledWith('/api/v1/openapi.json', { signal, credentials: 'omit' });

  vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
  await expect(loadApiDocs({ params: {}, language: 'en', signal, store: appStore, api })).rejects.toMatchObject({
    status: 503,
  });
});
