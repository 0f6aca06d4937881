// The renderer's worker life cycle and its sharing of renders between anonymous visitors. The worker runs a small
// shell build written here (the real one is built by webpack and covered by e2e/server-rendering.test.ts): it numbers
// its renders, so a page served from a shared render is told apart from one rendered for its request.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageRenderer, type AskApi, type PageRenderer, type PageRequest } from './renderer.ts';

const REMOTES = { remotes: [] };
const shellBuild = (label: string) => `
let count = 0;
exports.contract = { version: '1.8.0', modules: {} };
exports.createRenderer = () => async ({ url, state, fetch }) => {
  const number = ++count;
  const query = new URL(url, 'http://site').searchParams;
  let extra = '';
  if (query.has('api')) extra = await (await fetch('/api/balance/')).text();
  if (query.has('ip')) extra = state.ip;
  if (query.has('slow')) await new Promise((resolve) => setTimeout(resolve, 50));
  if (query.has('throw')) throw new Error('a broken page');
  const html = '<p>${label} render ' + number + ' ' + state.language + ' ' + extra + '</p>';
  return { status: 200, html, router: { loaderData: {}, errors: null }, block: {}, remotes: [] };
};
`;

let distDir: string;
let renderer: PageRenderer;
let apiCalls = 0;
const askApi: AskApi = async () => {
  apiCalls += 1;
  return { status: 200, headers: { 'content-type': 'application/json' }, body: '"100 ₽"' };
};

/** A visitor who is not signed in, at `ip`, with the document state `state`. */
function anonymous(url: string, ip: string, state: Record<string, unknown> = { language: 'ru' }): PageRequest {
  const full = { ...state, ip };
  return { url, state: full, askApi, share: { key: JSON.stringify({ ...full, ip: null }), ip } };
}

async function html(request: PageRequest): Promise<string> {
  const page = await renderer.render(REMOTES, request);
  if (!page) throw new Error(`${request.url} was not rendered`);
  return page.html;
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'renderer-'));
  await mkdir(path.join(distDir, 'shell', 'server'), { recursive: true });
  await writeFile(path.join(distDir, 'shell', 'index.html'), '<html><head><!--app-title--></head></html>');
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

beforeEach(async () => {
  await writeFile(path.join(distDir, 'shell', 'server', 'render.cjs'), shellBuild('v1'));
  renderer = createPageRenderer({
    distDir,
    log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    deadline: 5000,
    startup: 10_000,
  });
  apiCalls = 0;
});
afterEach(() => renderer.close());

describe('visitors who are not signed in', () => {
  it('share one render of the same page, whatever their address', async () => {
    const first = await html(anonymous('/', '10.0.0.1'));
    expect(first).toBe('<p>v1 render 1 ru </p>');
    expect(await html(anonymous('/', '10.0.0.2'))).toBe(first);
    expect(await html(anonymous('/', '10.0.0.1'))).toBe(first);
  });

  it('arriving together wait for one render', async () => {
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, visitor) => html(anonymous('/?slow', `10.0.1.${visitor}`))),
    );
    expect(new Set(pages)).toEqual(new Set(['<p>v1 render 1 ru </p>']));
  });

  it('get a new render when anything the page is made from changes: the URL or the state', async () => {
    expect(await html(anonymous('/', '10.0.0.1'))).toBe('<p>v1 render 1 ru </p>');
    expect(await html(anonymous('/en', '10.0.0.1', { language: 'en' }))).toBe('<p>v1 render 2 en </p>');
    expect(await html(anonymous('/', '10.0.0.1', { language: 'ru', menu: ['edited'] }))).toBe('<p>v1 render 3 ru </p>');
    expect(await html(anonymous('/about', '10.0.0.1'))).toBe('<p>v1 render 4 ru </p>');
    expect(await html(anonymous('/', '10.0.0.3'))).toBe('<p>v1 render 1 ru </p>');
  });

  it('each get their own page when it asked the API (it is answered as for them)', async () => {
    expect(await html(anonymous('/?api', '10.0.0.1'))).toBe('<p>v1 render 1 ru "100 ₽"</p>');
    expect(await html(anonymous('/?api', '10.0.0.2'))).toBe('<p>v1 render 2 ru "100 ₽"</p>');
    expect(apiCalls).toBe(2);
  });

  it('each get their own page when it shows their address', async () => {
    expect(await html(anonymous('/?ip', '10.0.0.1'))).toBe('<p>v1 render 1 ru 10.0.0.1</p>');
    expect(await html(anonymous('/?ip', '10.0.0.2'))).toBe('<p>v1 render 2 ru 10.0.0.2</p>');
  });

  it('are not served a failed render: each request tries again', async () => {
    expect(await renderer.render(REMOTES, anonymous('/?throw', '10.0.0.1'))).toBeNull();
    expect(await renderer.render(REMOTES, anonymous('/?throw', '10.0.0.2'))).toBeNull();
    expect(await html(anonymous('/', '10.0.0.1'))).toBe('<p>v1 render 3 ru </p>');
  });

  it('get the new version once the build changes, not the old version’s shared render', async () => {
    expect(await html(anonymous('/', '10.0.0.1'))).toBe('<p>v1 render 1 ru </p>');
    // A later mtime: a rebuild in place.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(distDir, 'shell', 'server', 'render.cjs'), shellBuild('v2'));
    expect(await html(anonymous('/', '10.0.0.1'))).toBe('<p>v2 render 1 ru </p>');
    expect(renderer.started()).toBe(2);
  });
});

describe('a signed-in visitor', () => {
  it('is rendered for every request, never from or into what others share', async () => {
    const signedIn = { url: '/', state: { language: 'ru', ip: '10.0.0.1', token: 'a'.repeat(40) }, askApi };
    expect(await html(signedIn)).toBe('<p>v1 render 1 ru </p>');
    expect(await html(signedIn)).toBe('<p>v1 render 2 ru </p>');
    expect(await html(anonymous('/', '10.0.0.1'))).toBe('<p>v1 render 3 ru </p>');
    expect(await html(signedIn)).toBe('<p>v1 render 4 ru </p>');
  });
});
