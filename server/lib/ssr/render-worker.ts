/**
 * A render worker (a `worker_threads` thread): the shell's renderer and the server modules of the remotes one
 * version of remotes.json lists, loaded once, rendering requests until the server retires it. A redeploy starts a new
 * worker rather than patching this one, so nothing of an old remote version (modules, timers, caches) outlives it: its
 * whole heap goes when it exits. It has no database: a page's loaders ask the API through the parent (`fetch`), which
 * answers as for the visitor's own request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, Rendered, Stylesheet, ToWorker, WorkerSetup } from './protocol.ts';

// The libraries' production builds: a server render is no place for development checks, and they are much slower.
process.env.NODE_ENV = 'production';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');
const send = (message: FromWorker) => port.postMessage(message);
const { distDir, remotes } = workerData as WorkerSetup;

const nodeRequire = createRequire(import.meta.url);

/** Runs a CommonJS build with the given `require`: the worker, not the file's location, decides what it gets. */
function loadBuild(file: string, require: (request: string) => unknown): Record<string, unknown> {
  const run = vm.compileFunction(
    readFileSync(file, 'utf8'),
    ['exports', 'require', 'module', '__filename', '__dirname'],
    {
      filename: file,
    },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as Record<string, unknown> };
  run(module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

/** `^a.b.c` as federation checks a remote's required contract: same major, and no newer than what is here. */
function satisfies(provided: string, required: string): boolean {
  const [pMajor = 0, pMinor = 0, pPatch = 0] = provided.split('.').map(Number);
  const [rMajor = -1, rMinor = 0, rPatch = 0] = required.split('.').map(Number);
  if (pMajor !== rMajor) return false;
  return pMinor !== rMinor ? pMinor > rMinor : pPatch >= rPatch;
}

interface ShellBuild {
  readonly contract: { readonly version: string; readonly modules: Record<string, unknown> };
  readonly createRenderer: (deployed: readonly string[], modules: ReadonlyMap<string, unknown>) => Render;
}
/** The shell's render (shell/src/server/render.tsx): a page, or why it is left to the browser. */
type Render = (input: {
  url: string;
  state: unknown;
  fetch: typeof fetch;
}) => Promise<(Omit<Rendered, 'styles'> & { remotes: string[] }) | { skipped: string }>;

const shell = loadBuild(path.join(distDir, 'shell', 'server', 'render.cjs'), nodeRequire) as unknown as ShellBuild;

/** What a remote's server module may import: the contract from the shell's renderer, the shared libraries. */
const remoteRequire = (request: string): unknown => shell.contract.modules[request] ?? nodeRequire(request);

/** A built stylesheet, as the document inlines it. */
const stylesheet = (href: string): Stylesheet => ({ href, css: readFileSync(path.join(distDir, href), 'utf8') });

/** The shell's own stylesheets, which its document links (html-webpack-plugin's tags), for every page. */
const shellStyles = [
  ...readFileSync(path.join(distDir, 'shell', 'index.html'), 'utf8').matchAll(
    /<link href="([^"]+)" rel="stylesheet">/g,
  ),
].map(([, href = '']) => ({ ...stylesheet(path.posix.join('shell', href)), href }));

const modules = new Map<string, unknown>();
/** Each remote's stylesheets, which a page it rendered needs before its scripts run. */
const styles = new Map<string, Stylesheet[]>();
const skipped: string[] = [];
for (const { name, entry } of remotes) {
  // Only a remote served from this site's own folder (`/remotes/<folder>/mf-manifest.json`) can have a server build.
  const folder = path.posix.normalize(path.posix.dirname(entry));
  const file = path.join(distDir, folder, 'server', 'routes.cjs');
  if (!folder.startsWith('/remotes/') || !entry.endsWith('/mf-manifest.json') || !existsSync(file)) continue;
  try {
    const module = loadBuild(file, remoteRequire);
    const required = String(module.contractVersion);
    if (!satisfies(shell.contract.version, required)) {
      skipped.push(`${name}: built against contract ${required}, this site has ${shell.contract.version}`);
      continue;
    }
    modules.set(name, module);
    const manifest = JSON.parse(readFileSync(path.join(distDir, folder, 'mf-manifest.json'), 'utf8')) as {
      exposes?: { path?: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
    };
    const css = manifest.exposes?.find((expose) => expose.path === './routes')?.assets?.css;
    styles.set(
      name,
      [...(css?.sync ?? []), ...(css?.async ?? [])].map((file) => stylesheet(`${folder}/${file}`)),
    );
  } catch (error) {
    skipped.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const render = shell.createRenderer(
  remotes.map((remote) => remote.name),
  modules,
);

/** The API calls of the render in flight, answered by the parent. */
const calls = new Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>();
let nextCall = 0;

/** A page's `fetch`: a GET the parent answers as the API would answer this request's visitor. */
function fetchFor(renderId: number): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`A server render only reads: ${method} ${String(input)}`);
    const callId = nextCall++;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = new Promise<Response>((resolve, reject) => calls.set(callId, { resolve, reject }));
    send({ type: 'fetch', renderId, callId, url: String(input), headers });
    return answer;
  };
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'fetched') {
    const call = calls.get(message.callId);
    calls.delete(message.callId);
    call?.resolve(new Response(message.body, { status: message.status, headers: message.headers }));
    return;
  }
  const { id, url, state } = message;
  render({ url, state, fetch: fetchFor(id) }).then(
    (result) => {
      if ('skipped' in result) return send({ type: 'rendered', id, result });
      const { remotes: used, ...page } = result;
      const pageStyles = [...shellStyles, ...used.flatMap((name) => styles.get(name) ?? [])];
      send({ type: 'rendered', id, result: { ...page, styles: pageStyles } });
    },
    (error: unknown) =>
      send({ type: 'failed', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

send({ type: 'ready', skipped });
