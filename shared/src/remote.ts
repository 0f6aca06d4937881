import type { ComponentType } from 'react';
import type { ApiClient } from './api/client.ts';
import type { Language } from './languages.ts';
import type { RouteId } from './routes.ts';
import type { AppStore } from './state.ts';

/**
 * What a page loader gets: the matched route's params, the language of the URL, and the session it loads for — its
 * store and the API client bound to it. A page the server renders (the public pages) reads state and calls the API
 * through these, never through the module's `appStore`/`api`: on the server every request renders with a store and
 * client of its own, so one visitor's session never reaches another's page. (In the browser they are the module's.)
 */
export interface PageLoaderArgs {
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly language: Language;
  readonly signal: AbortSignal;
  readonly store: AppStore;
  readonly api: ApiClient;
}

/** One page a remote implements for a route of the contract's table. */
export interface RemotePage {
  readonly Component: ComponentType;
  /**
   * Loads the page's data before it renders. Throw an `ApiError` (or anything with `status`) to show the error page
   * with that status; a 404 from the API becomes 'This page could not be found'.
   */
  readonly loader?: (args: PageLoaderArgs) => Promise<unknown>;
  /**
   * The page's validate check (spec §4): false shows the 404 page; a thrown error shows the error page with its
   * `status` (default 500). Runs before the loader.
   */
  readonly validate?: (args: PageLoaderArgs) => boolean | Promise<boolean>;
  /**
   * The page renders in the browser only: the server sends its document without the page in it, as for a
   * signed-in screen. For a page built around the visitor's own browser (a console that calls the API with the
   * visitor's key) rather than content to read.
   */
  readonly clientOnly?: boolean;
  /** The page also fetches data after it renders; the progress bar then moves in 30 steps instead of 45 (§9). */
  readonly fetchesAfterRender?: boolean;
}

export type Translations = Readonly<Record<string, unknown>>;

/**
 * The one typed entry every remote exposes as `./routes`: the pages it implements and its translations, which the
 * shell adds to the shared i18next instance under the remote's name as namespace.
 */
export interface RemoteModule {
  readonly pages: Partial<Record<RouteId, RemotePage>>;
  readonly translations: Readonly<Record<Language, Translations>>;
}

/** The deploy-time list of remotes the shell fetches from `/remotes.json` (never cached). */
export interface RemotesConfig {
  readonly remotes: readonly { readonly name: string; readonly entry: string }[];
}
