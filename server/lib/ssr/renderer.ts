/**
 * Server rendering of the public pages (README, "Server rendering"): the document's `#root` filled by a render worker
 * (render-worker.ts) bound to one version of the deployment — remotes.json and the server builds it names. A new
 * version (a remote redeployed, remotes.json flipped, the shell rebuilt) starts a new worker; the old one finishes
 * what it is rendering and exits, taking its whole heap with it. No restart, no shell rebuild, nothing leaks across.
 *
 * Rendering is a bonus on top of the document the browser renders by itself: a page the worker cannot render in time
 * (no server build, a failing or slow remote, a worker still starting) gets `null`, and the caller sends the
 * client-rendered document as before.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RemotesConfig } from '@proxy/contract/remote';
import type { FromWorker, Rendered, ToWorker, WorkerSetup } from './protocol.ts';

export type { Rendered };

/** The API's answer to a page loader's GET, for the request being rendered. */
export interface ApiAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Answers a loader's GET of `url` (a path under /api/) as the API would answer the visitor. */
export type AskApi = (url: string, headers: Record<string, string>) => Promise<ApiAnswer>;

export interface RendererOptions {
  readonly distDir: string;
  readonly log: FastifyBaseLogger;
  /** How long a request waits for its page (ms); later, it is sent client-rendered. */
  readonly deadline?: number;
  /** How long the first request of a new version waits for its worker to start (ms), on top of the deadline. */
  readonly startup?: number;
  /** A render still running after this long (ms) means a stuck worker: it is replaced. */
  readonly hangLimit?: number;
}

/** A page to render for one request. */
export interface PageRequest {
  readonly url: string;
  /** The document's state (the session, the embedded content): what the page renders from. */
  readonly state: object;
  readonly askApi: AskApi;
  /**
   * Only for a visitor who is not signed in: `key` is everything of the request the page depends on besides the URL
   * (its state without the visitor's address), and `ip` that address. Visitors with the same version, URL and key are
   * served one render, as long as it asked the API nothing and does not show the address of the visitor it was made
   * for; anything else is rendered for each request.
   */
  readonly share?: { readonly key: string; readonly ip: string };
}

export interface PageRenderer {
  /** The page rendered, or null: send the document without it. */
  render(remotes: RemotesConfig, request: PageRequest): Promise<Rendered | null>;
  /** Starts the worker of the current version before the first visitor needs it. */
  warm(remotes: RemotesConfig): Promise<void>;
  /** Workers started so far (each version of the deployment starts one). */
  readonly started: () => number;
  close(): Promise<void>;
}

const WORKER_FILE = new URL('./render-worker.ts', import.meta.url);
/** How long a version whose worker failed is rendered by the browser before the server tries it again (ms). */
const RETRY_BROKEN_AFTER = 30_000;
/**
 * How long a shared render serves (ms). Its inputs are its key, so a content edit is seen at once; the limit is for
 * what a page takes from the clock (the footer's year).
 */
const SHARED_FOR = 60_000;
/** Shared renders kept per version: every public page in both languages, phone and desktop, with room to spare. */
const SHARED_LIMIT = 200;

interface Pending {
  readonly resolve: (result: Rendered | null) => void;
  readonly askApi: AskApi;
  /** For logs: never the query, which may hold a secret. */
  readonly path: string;
}

/** A render others may be served: null once it turns out to be the visitor's own (or failed). */
interface Shared {
  readonly page: Promise<Rendered | null>;
  readonly until: number;
}

interface Generation {
  readonly key: string;
  readonly worker: Worker;
  readonly ready: Promise<boolean>;
  /** The renders in flight. */
  readonly renders: Map<number, Pending>;
  /** Renders of this version shared by anonymous visitors, by the hash of their URL and key; oldest first. */
  readonly shared: Map<string, Shared>;
  retired: boolean;
  dead: boolean;
}

/** More than any warning is long: a worker writing without line ends is logged in pieces of this size. */
const OUTPUT_PIECE = 16 * 1024;

/**
 * A worker's stdout or stderr as log lines, one per write as far as the writes end their lines. The libraries a render
 * runs print straight to the console — React Router's development build warns `No routes matched location
 * "/r/…?token=…"` with the visitor's whole URL — and the process's output is no place for that: in the log, the line
 * is redacted like any other (lib/logging.ts).
 */
function logOutput(stream: Readable, write: (text: string) => void) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const end = pending.length > OUTPUT_PIECE ? pending.length : pending.lastIndexOf('\n') + 1;
    if (end === 0) return;
    const text = pending.slice(0, end).trimEnd();
    pending = pending.slice(end);
    if (text) write(text);
  });
  stream.on('end', () => {
    if (pending.trim()) write(pending.trimEnd());
  });
}

export function createPageRenderer(options: RendererOptions): PageRenderer {
  const { distDir, log } = options;
  const deadline = options.deadline ?? 300;
  const startup = options.startup ?? 3000;
  const hangLimit = options.hangLimit ?? 5000;
  let current: Generation | null = null;
  /** A version whose worker could not start is not tried again on every request, only after a pause. */
  let broken: { key: string; until: number } | null = null;
  let started = 0;
  let nextRender = 0;

  /**
   * What makes a version: remotes.json's list and the server builds' files (a remote rebuilt into the same folder
   * changes them without changing the list).
   */
  async function versionOf(remotes: RemotesConfig): Promise<string | null> {
    const files = [
      path.join(distDir, 'shell', 'server', 'render.cjs'),
      ...remotes.remotes.map((remote) =>
        path.join(distDir, path.posix.normalize(path.posix.dirname(remote.entry)), 'server', 'routes.cjs'),
      ),
    ];
    const stamps = await Promise.all(
      files.map((file) =>
        stat(file).then(
          (stats) => stats.mtimeMs,
          () => 0,
        ),
      ),
    );
    // No renderer built (`npm run build` not run, a test's site): nothing to start.
    if (stamps[0] === 0) return null;
    return JSON.stringify([remotes.remotes.map((remote) => [remote.name, remote.entry]), stamps]);
  }

  function stop(generation: Generation, why: string) {
    if (generation.dead) return;
    generation.dead = true;
    for (const pending of generation.renders.values()) pending.resolve(null);
    generation.renders.clear();
    void generation.worker.terminate();
    if (current === generation) current = null;
    log.debug({ why }, 'render worker stopped');
  }

  function start(key: string, remotes: RemotesConfig): Generation {
    started += 1;
    const setup: WorkerSetup = { distDir, remotes: remotes.remotes.map(({ name, entry }) => ({ name, entry })) };
    const worker = new Worker(WORKER_FILE, {
      workerData: setup,
      // The heap a worker may use: a page render needs little; a runaway one is stopped instead of taking the server.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // What its code prints is read here, not copied to this process's own output: see `logOutput`.
      stdout: true,
      stderr: true,
    });
    worker.unref();
    logOutput(worker.stdout, (text) => log.info({ renderWorker: 'stdout' }, text));
    logOutput(worker.stderr, (text) => log.warn({ renderWorker: 'stderr' }, text));
    let markReady: (ready: boolean) => void = () => undefined;
    const generation: Generation = {
      key,
      worker,
      ready: new Promise((resolve) => (markReady = resolve)),
      renders: new Map(),
      shared: new Map(),
      retired: false,
      dead: false,
    };
    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready':
          for (const reason of message.skipped) log.warn({ reason }, 'a remote is rendered in the browser only');
          markReady(true);
          return;
        case 'fetch':
          void answerFetch(generation, message);
          return;
        case 'rendered':
        case 'failed': {
          const pending = generation.renders.get(message.id);
          generation.renders.delete(message.id);
          if (message.type === 'failed') {
            log.error(
              { path: pending?.path, error: message.error },
              'server render failed; sending the page unrendered',
            );
            pending?.resolve(null);
          } else if ('skipped' in message.result) {
            log.debug({ path: pending?.path, reason: message.result.skipped }, 'page left to the browser');
            pending?.resolve(null);
          } else pending?.resolve(message.result);
          if (generation.retired && generation.renders.size === 0) stop(generation, 'replaced by a new version');
          return;
        }
      }
    });
    worker.on('error', (error) => {
      log.error({ err: error }, 'render worker failed');
      markReady(false);
      broken = { key, until: Date.now() + RETRY_BROKEN_AFTER };
      stop(generation, 'failed');
    });
    worker.on('exit', () => {
      markReady(false);
      stop(generation, 'exited');
    });
    return generation;
  }

  async function answerFetch(generation: Generation, message: Extract<FromWorker, { type: 'fetch' }>) {
    const pending = generation.renders.get(message.renderId);
    let answer: ApiAnswer;
    if (!pending || !message.url.startsWith('/api/')) answer = { status: 404, headers: {}, body: '' };
    else {
      try {
        answer = await pending.askApi(message.url, message.headers);
      } catch (error) {
        log.warn({ err: error }, 'a server render could not reach the API');
        answer = { status: 503, headers: {}, body: '' };
      }
    }
    if (generation.dead) return;
    const reply: ToWorker = { type: 'fetched', callId: message.callId, ...answer };
    generation.worker.postMessage(reply);
  }

  /** What `promise` settles to, or `late` when it has not settled within `ms`. */
  const within = <T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(late), ms);
      void promise.then((value) => {
        clearTimeout(timer);
        resolve(value);
      });
    });

  /** The worker of the deployment's current version, started if it is new; null when there is nothing to start. */
  async function generationOf(remotes: RemotesConfig): Promise<Generation | null> {
    const key = await versionOf(remotes);
    if (key === null || (broken?.key === key && Date.now() < broken.until)) return null;
    if (current && current.key !== key) {
      const previous = current;
      previous.retired = true;
      current = null;
      if (previous.renders.size === 0) stop(previous, 'replaced by a new version');
    }
    return current ?? (current = start(key, remotes));
  }

  /** Renders a page in `generation`'s worker: settles when the worker answers, however long that takes. */
  function run(generation: Generation, { url, state, askApi }: PageRequest): Promise<Rendered | null> {
    // Stopped while this request waited for a shared render: nothing would ever answer.
    if (generation.dead) return Promise.resolve(null);
    const id = nextRender++;
    const path = url.split('?')[0] ?? '';
    const page = new Promise<Rendered | null>((resolve) => generation.renders.set(id, { resolve, askApi, path }));
    const message: ToWorker = { type: 'render', id, url, state };
    generation.worker.postMessage(message);
    // Still running long after: the worker is stuck (a loop in a remote's code), and every page behind it waits.
    setTimeout(() => {
      if (generation.renders.has(id)) stop(generation, `a render ran over ${hangLimit} ms`);
    }, hangLimit).unref();
    return page;
  }

  /** A page rendered for `request` alone, or served from (and shared with) the visitors of the same page. */
  function pageFor(generation: Generation, request: PageRequest): Promise<Rendered | null> {
    const { share } = request;
    if (!share) return run(generation, request);
    const key = createHash('sha256').update(request.url).update('\0').update(share.key).digest('base64');
    const now = Date.now();
    const known = generation.shared.get(key);
    if (known && known.until > now)
      // Not shareable (it is the visitor's own, or failed): this visitor gets a render of their own.
      return known.page.then((page) => page ?? run(generation, request));
    // What the API answers is the visitor's (their key, their rate limit): a page that asked it is theirs alone.
    let calledApi = false;
    const page = run(generation, {
      ...request,
      askApi: (url, headers) => {
        calledApi = true;
        return request.askApi(url, headers);
      },
    });
    const showsAddress = (rendered: Rendered) =>
      rendered.html.includes(share.ip) || JSON.stringify(rendered.router).includes(share.ip);
    const shared = page.then((rendered) => (rendered && !calledApi && !showsAddress(rendered) ? rendered : null));
    generation.shared.delete(key);
    generation.shared.set(key, { page: shared, until: now + SHARED_FOR });
    for (const oldest of generation.shared.keys()) {
      if (generation.shared.size <= SHARED_LIMIT) break;
      generation.shared.delete(oldest);
    }
    return page;
  }

  return {
    async warm(remotes) {
      await generationOf(remotes);
    },
    async render(remotes, request) {
      const generation = await generationOf(remotes);
      if (!generation || !(await within(generation.ready, startup + deadline, false)) || generation.dead) return null;
      const rendered = await within(pageFor(generation, request), deadline, 'late' as const);
      if (rendered !== 'late') return rendered;
      // An e-mail link's key or a reset token may be in the query: logs name the path only.
      log.warn(
        { path: request.url.split('?')[0], deadline },
        'server render missed its deadline; sending the page unrendered',
      );
      return null;
    },
    started: () => started,
    async close() {
      if (current) stop(current, 'server closing');
    },
  };
}
