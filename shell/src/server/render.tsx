/**
 * The shell's server build (`dist/shell/server/render.cjs`, webpack.shell.js): renders a public page to HTML with the
 * same route tree, layouts and remote pages the browser hydrates. It runs inside the API server's render worker
 * (server/lib/ssr), which hands it the remotes' server modules and, per request, the document's state.
 *
 * Nothing here lives between requests except what is the same for everyone (the route tree's inputs, the strings):
 * every request gets its own store, API client, i18next clone and static handler, so one visitor's session never
 * reaches another's page, however their loaders interleave.
 */
import type { i18n as I18n } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LANGUAGES, splitLanguage, type Language } from '@proxy/contract/languages';
import type { RemoteModule } from '@proxy/contract/remote';
import type { RemoteName } from '@proxy/contract/routes';
import { blockAtom, createAppStore, createSessionApi, type InitialState } from '@proxy/contract/state';
import { App } from '../app/App.tsx';
import { buildRoutes, type RouteSession } from '../app/router.tsx';
import { toErrorInfo } from '../errors/error-info.ts';
import { RemoteUnavailableError } from '../federation/remotes.ts';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { createI18n } from '../i18n/instance.ts';
import type { RouterState } from '../app/router-state.ts';

/** Every module of the contract, by the name remotes import it under: a remote's server build takes them from here. */
const contractModules = (): Record<string, unknown> => {
  const context = require.context('../../../shared/src', true, /^\.\/(?!.*\.test\.ts$).*\.ts$/);
  return Object.fromEntries(
    context.keys().map((key) => [`@proxy/contract/${key.slice(2, -'.ts'.length)}`, context(key)]),
  );
};

export const contract = { version: CONTRACT_VERSION, modules: contractModules() };

export interface RenderInput {
  /** The path and query asked for (`/en/page/faq?x=1`). */
  readonly url: string;
  /** The state the document embeds (server/plugins/site.ts): the page renders from exactly what the browser gets. */
  readonly state: Partial<InitialState>;
  /** The API for the page's loaders, answered by the server for this request (its visitor, its language). */
  readonly fetch: typeof fetch;
}

export interface RenderResult {
  readonly status: number;
  /** The markup of `#root`. */
  readonly html: string;
  /** What the router needs to hydrate without loading again (`<script type="application/json">`). */
  readonly router: RouterState;
  /** The state's `block` once the loaders took what they used: the browser's loaders find it taken. */
  readonly block: Readonly<Record<string, unknown>>;
  /** The remotes whose pages are in the markup: their stylesheets go in the document's head. */
  readonly remotes: readonly string[];
}

/** Why a page is left to the browser: the worker then sends today's document, and the browser renders it. */
export type Skipped = { readonly skipped: string };

const STRINGS: Readonly<Record<Language, typeof en>> = { en, ru };

/**
 * A renderer for one deployment: the remotes remotes.json lists and the server modules of those that have one.
 * A listed remote without a server module is left to the browser, as is a page that answers a redirect, an error
 * other than 404, or says it is `clientOnly`.
 */
export function createRenderer(deployed: readonly string[], modules: ReadonlyMap<string, RemoteModule>) {
  // One instance per language with every string the pages can use; each request renders with a clone of it.
  const base = Object.fromEntries(
    LANGUAGES.map((language) => {
      // The browser's instance, as it starts (shell/src/i18n/instance.ts), with the strings of every remote loaded.
      const instance = createI18n(language, STRINGS[language]);
      for (const [name, module] of modules) instance.addResourceBundle(language, name, module.translations[language]);
      return [language, instance];
    }),
  ) as Record<Language, I18n>;
  const deployment = { remotes: new Set(deployed) };

  return async function render(input: RenderInput): Promise<RenderResult | Skipped> {
    const { language } = splitLanguage(new URL(input.url, 'http://site').pathname);
    const store = createAppStore({ ...input.state, language });
    const i18n = base[language].cloneInstance({ lng: language });
    const missing: string[] = [];
    const used = new Set<string>();
    const session: RouteSession = {
      store,
      api: createSessionApi(store, input.fetch),
      i18n,
      loadRemote: async (name: RemoteName) => {
        const module = modules.get(name);
        used.add(name);
        if (module) return module;
        missing.push(name);
        throw new RemoteUnavailableError(name);
      },
    };
    const handler = createStaticHandler(buildRoutes(deployment, session));
    const context = await handler.query(new Request(new URL(input.url, 'http://site')));
    if (context instanceof Response) return { skipped: `answered ${context.status}` };
    if (missing.length > 0) return { skipped: `no server build of ${missing.join(', ')}` };
    if (context.matches.some((match) => (match.route.handle as { clientOnly?: boolean } | undefined)?.clientOnly))
      return { skipped: 'a client-only page' };
    const errors = Object.entries(context.errors ?? {}).map(([id, error]) => [id, toErrorInfo(error)] as const);
    const failed = errors.find(([, info]) => info.status !== 404);
    if (failed) return { skipped: `a loader failed with ${failed[1].status}: ${failed[1].message}` };
    // Taken before rendering: what a component takes while rendering, the browser's component must find too.
    const block = store.get(blockAtom);
    const router = createStaticRouter(handler.dataRoutes, context);
    const { prelude } = await prerenderToNodeStream(
      <App router={router} i18n={i18n} store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return {
      // A loader's 404 is an error to the router, which would answer 500 for it.
      status: errors[0]?.[1].status ?? context.statusCode,
      // React puts the pages' `<title>`s first, for a document's head; the server writes the document's own title.
      html: Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^(<title>[^<]*<\/title>)+/, ''),
      router: {
        loaderData: context.loaderData,
        errors: errors.length
          ? Object.fromEntries(errors.map(([id, { status, message }]) => [id, { status, statusText: message }]))
          : null,
      },
      block,
      remotes: [...used],
    };
  };
}
