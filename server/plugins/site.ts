/**
 * The embedded default's web server for the built front end (DIST_DIR):
 * - `/remotes.json`: the deploy-time list of remotes, read from disk on every request, so editing it switches a
 *   remote on the running site without a restart (docs/architecture.md, runtime federation);
 * - `/remotes/**`: every remote's entry, manifest and chunks; a folder added at run time is served at once;
 * - the shell's assets at `/`;
 * - every other GET: the shell's index.html with the language, title and initial state filled in, and the status the
 *   route table of the contract gives (404 for an unknown path or an unpublished page, 501 for a panel section this
 *   site does not deploy), and its search and sharing
 *   tags (lib/seo.ts: canonical, hreflang, Open Graph; `noindex` for errors and the panel);
 * - `/sitemap.xml` and `/robots.txt` (sitemap.ts).
 * Not served (`serve: false`) in an API-only deployment, where a separate web server hosts the files.
 *
 * What the document shows that a business domain owns — the signed-in visitor, the pages and menus, the home page's
 * stock and payment methods — the domains provide (`app.site.provide(...)`, as jobs are registered), so this plugin,
 * infrastructure, imports no domain. It is registered before them; the document reads what they provided.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { readCookie, TOKEN_COOKIE } from '@proxy/contract/cookies';
import { LANGUAGE_COOKIE, splitLanguage } from '@proxy/contract/languages';
import type { RemotesConfig } from '@proxy/contract/remote';
import { hasPermission, PAGE_PERMISSIONS, type PermissionSubject, USER_PERMISSIONS } from '@proxy/contract/permissions';
import {
  matchRoute,
  PANEL_ACCESS,
  undeployedPanelSection,
  type RemoteName,
  type RouteId,
} from '@proxy/contract/routes';
import type { Language } from '@proxy/contract/languages';
import type { FooterLink, MenuItem } from '@proxy/contract/schemas/menu';
import type { Stock } from '@proxy/contract/schemas/orders';
import type { PublicPage } from '@proxy/contract/schemas/page';
import type { AuthUser } from '@proxy/contract/schemas/user';
import {
  homeBlockKey,
  homeStockKey,
  pageBlockKey,
  type HomeStock,
  type InitialState,
  type PaymentMethodBadge,
} from '@proxy/contract/session-state';
import { documentTitle, NOT_FOUND_TITLE, routeTitle, screenTitle } from '@proxy/contract/titles';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { DbUnavailableError } from '../db/db.ts';
import { createPageRenderer, type ApiAnswer } from '../lib/ssr/renderer.ts';
import { escapeHtml, isMobileUserAgent, renderDocument } from '../lib/html.ts';
import { hasSecretQuery } from '../lib/logging.ts';
import type { Text } from '../lib/messages.ts';
import { pathOf, isApiPath } from '../lib/paths.ts';
import { blockImageSources, HERO_IMAGE_SIZES, imageUrl } from '@proxy/contract/images';
import { canonicalPagePath, documentMeta, firstImage, noindexMeta, type DocumentMeta } from '../lib/seo.ts';
import sitemapPlugin, { type PublishedSlug } from './sitemap.ts';

/** The content as visitors see it (the content domain's `publicContent`). */
export interface SiteContent {
  /** A published content page with its blocks; never the home page (it lives at `/`, not at its slug). */
  page(slug: string, language: Language): Promise<PublicPage | null>;
  /** A content page published or not, for staff who may view pages: an unpublished one is marked `draft`. */
  preview(slug: string, language: Language): Promise<PublicPage | null>;
  /** The published home page with its blocks. */
  home(language: Language): Promise<PublicPage | null>;
  menu(language: Language): Promise<MenuItem[]>;
  footer(language: Language): Promise<FooterLink[]>;
  /** What the sitemap lists. */
  publishedSlugs(): Promise<PublishedSlug[]>;
}

/** What the document shows that a domain owns: each is provided once, by its domain, when that registers. */
export interface SiteSources {
  /** accounts: the signed-in user behind a login key (the `accessToken` cookie); null: unknown or inactive. */
  readonly visitor: (key: string) => Promise<AuthUser | null>;
  /** content: pages, the home page, the header menu and the footer. */
  readonly content: SiteContent;
  /** orders: the stock and price list of the home page's strip (the same few-second cache as `GET /api/stock/`). */
  readonly stock: (language: Language) => Promise<Stock>;
  /** billing: the payment methods the home page's strip shows. */
  readonly paymentMethods: (language: Language) => Promise<PaymentMethodBadge[]>;
}

const SOURCES: readonly (keyof SiteSources)[] = ['visitor', 'content', 'stock', 'paymentMethods'];

export interface Site {
  /** A domain hands the document what it owns; each source is given once. */
  provide<K extends keyof SiteSources>(name: K, source: SiteSources[K]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    site: Site;
  }
}

/**
 * The site's own description (the document's description and sharing cards) where no page supplies one: the page
 * list, and the home page when none is published.
 */
const SITE_DESCRIPTION: Text = {
  en: 'Real SIM cards in dedicated modems: one modem, one customer. Change the IP with a link, connect over HTTP or SOCKS5, pay with crypto.',
  ru: 'Настоящие SIM-карты в отдельных модемах: один модем — один клиент. Смена IP по ссылке, подключение по HTTP и SOCKS5, оплата криптовалютой.',
};

/** The description of a public screen that has words of its own (not a CMS page), for search and sharing. */
const SCREEN_DESCRIPTIONS: Partial<Record<RouteId, Text>> = {
  apiDocs: {
    en: 'The customer API: manage, rotate, reboot, buy and renew mobile proxies from your scripts. Authentication, errors, rate limits, every endpoint with curl and Python examples, and "try it" with your own key.',
    ru: 'API для клиентов: управление, смена IP, перезагрузка, покупка и продление мобильных прокси из ваших скриптов. Авторизация, ошибки, лимиты, все методы с примерами на curl и Python и проверка со своим ключом.',
  },
};

export interface SiteOptions {
  /** Serve the built front end and the HTML document; false in an API-only process (domains still provide). */
  readonly serve: boolean;
  readonly distDir: string;
  /** PUBLIC_URL: the absolute URLs of the canonical, alternate and Open Graph tags, the sitemap and robots.txt. */
  readonly publicUrl: string;
  /** SITE_NAME: the title of every document without one of its own, `og:site_name`, and the page's header and footer. */
  readonly siteName: string;
  /** The configured third-party scripts, handed to the page that loads them (spec §1). */
  readonly integrations?: InitialState['integrations'];
  /** API_URL: where the page's API client sends its calls; '' (this origin) is not embedded. */
  readonly apiUrl?: string;
  /** SOURCE_MAPS=on: serve `*.map` files; otherwise they are a 404 like any missing file. */
  readonly serveSourceMaps?: boolean;
  /** SERVER_RENDERING=off: every document is rendered by the browser (lib/ssr); on by default. */
  readonly serverRendering?: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * The document embeds the visitor's IP (and the home page the stock of the moment): revalidated always, and never
 * kept by a shared cache for someone else. No validator (ETag, Last-Modified) is sent, so a revalidation is always a
 * fresh document: a 304 can never bring back yesterday's stock.
 */
const DOCUMENT_CACHE = 'private, no-cache';
/** A document with a signed-in user's login key and data in it: stored by no cache at all. */
const SIGNED_IN_DOCUMENT_CACHE = 'no-store';
/** A source map (`main.1a2b.js.map`, precompressed or not). */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;
/** The shell's template (`index.html`, precompressed or not). */
const TEMPLATE_FILE = /^index\.html(\.(br|gz))?$/i;

/**
 * A country's flag (build/flag-assets.js copies flag-icons' SVGs to the shell's `flags/`): its name has no hash (the
 * pages ask for `/flags/ru.svg`), yet it changes only when the package is upgraded, so a month's cache, not
 * immutable: a redrawn flag reaches everyone within the month, and a page shows the flags it lists without asking.
 */
const FLAG_FILE = /[\\/]shell[\\/]flags[\\/][a-z]{2}\.svg(\.(br|gz))?$/;
const FLAG_CACHE = 'public, max-age=2592000';

/**
 * A file whose name carries a content hash (`main.1a2b3c4d.js`, `123.0f9e8d7c6b5a.css`) never changes under that
 * name, so browsers may keep it for a year; everything else (remoteEntry.js, mf-manifest.json, the favicon) is
 * revalidated on every use so a redeploy is seen at once.
 */
export function cacheControlFor(filePath: string): string {
  if (FLAG_FILE.test(filePath)) return FLAG_CACHE;
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  const parts = name.split(/[.\-_]/).slice(0, -1); // the last part is the extension
  return parts.some((part) => /^[0-9a-f]{8,}$/i.test(part)) ? IMMUTABLE : REVALIDATE;
}

const RemotesFileSchema = v.looseObject({
  remotes: v.array(v.looseObject({ name: v.string(), entry: v.string() })),
});

const remotesResponseSchema = {
  type: 'object',
  required: ['remotes'],
  additionalProperties: true,
  properties: {
    remotes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'entry'],
        additionalProperties: true,
        properties: { name: { type: 'string' }, entry: { type: 'string' } },
      },
    },
  },
} as const;

/** A path whose last segment has a file extension is a request for a file, never for a page. */
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;
/** A login key as the API issues it: 40 lowercase hex. */
const TOKEN_KEY = /^[0-9a-f]{40}$/;

/** The panel's own check (the shell's guards): into the panel at all, then the page's or section's permission. */
const mayOpen = (user: PermissionSubject, page: { readonly permission?: string }) =>
  hasPermission(user, PANEL_ACCESS) && (!page.permission || hasPermission(user, page.permission));

/**
 * The status of a panel section this site does not deploy (its menu item and home card lead there; the page says
 * "This section is not here yet" inside the panel). Not 404: the address is not unknown, the contract and the panel
 * name it. Not 503: that means "try again shortly" (monitors retry, crawlers come back), while this lasts until
 * someone deploys the section. Not 200: a monitor or link checker would count a page with nothing in it as working.
 * 501 Not Implemented says what is true: this server does not provide the functionality the address asks for.
 */
const SECTION_NOT_DEPLOYED = 501;

const siteRoutes: FastifyPluginAsync<SiteOptions & { readonly sources: SiteSources }> = async (app, options) => {
  const shellDir = path.join(options.distDir, 'shell');
  const remotesDir = path.join(options.distDir, 'remotes');
  const remotesFile = path.join(options.distDir, 'remotes.json');
  const templateFile = path.join(shellDir, 'index.html');
  const { sources } = options;
  const renderer =
    options.serverRendering === false ? null : createPageRenderer({ distDir: options.distDir, log: app.log });
  if (renderer) {
    // Its worker starts with the server, so the first visitor's page is rendered too.
    app.addHook('onReady', async () => void renderer.warm(await readRemotes()));
    app.addHook('onClose', () => renderer.close());
  }

  /**
   * A page loader's API call during a server render, answered in-process for the visitor it renders for: their
   * address (rate limits count it as theirs), language and login key, as if their browser had asked.
   */
  async function askApi(request: FastifyRequest, url: string, headers: Record<string, string>): Promise<ApiAnswer> {
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const type = response.headers['content-type'];
    return {
      status: response.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
      body: response.body,
    };
  }

  /**
   * The home page's stock strip as of now (the stock cache is a few seconds old at most), or null when the stock
   * cannot be read: the page then fetches it as on a client-side visit. The payment methods are a bonus, as on the
   * page: without them the strip still shows.
   */
  async function homeStock(language: Language, request: FastifyRequest): Promise<HomeStock | null> {
    try {
      const [{ stock, prices }, methods] = await Promise.all([
        sources.stock(language),
        sources.paymentMethods(language).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not read the payment methods for the home page');
          return [];
        }),
      ]);
      return { stock, prices, methods };
    } catch (error) {
      request.log.warn({ err: error }, 'could not read the stock for the home page');
      return null;
    }
  }

  async function readRemotes(): Promise<RemotesConfig> {
    let text: string;
    try {
      text = await readFile(remotesFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') app.log.error({ err: error }, 'cannot read remotes.json');
      return { remotes: [] };
    }
    try {
      const parsed = v.safeParse(RemotesFileSchema, JSON.parse(text));
      if (parsed.success) return parsed.output;
      app.log.error({ issues: v.flatten(parsed.issues) }, 'remotes.json has the wrong shape; serving no remotes');
    } catch (error) {
      app.log.error({ err: error }, 'remotes.json is not valid JSON; serving no remotes');
    }
    return { remotes: [] };
  }

  async function readTemplate(): Promise<string | null> {
    try {
      return await readFile(templateFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  // One registration serves /remotes/* and decorates reply.sendFile for the shell's files below; both share the
  // cache policy and the precompressed siblings (.br/.gz made at build time: uncompressed serving cost ~20
  // Lighthouse points in the spike).
  await app.register(fastifyStatic, {
    root: remotesDir,
    prefix: '/remotes/',
    wildcard: true, // looked up per request: a remote folder deployed while running is served without a restart
    index: false,
    list: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
    // Source maps are the full source: served only when configured (a 404 otherwise).
    allowedPath: (pathName) => options.serveSourceMaps === true || !SOURCE_MAP.test(pathName),
    suppressWarning: true,
  });

  await app.register(sitemapPlugin, { publicUrl: options.publicUrl, slugs: () => sources.content.publishedSlugs() });

  app.get(
    '/remotes.json',
    { schema: { response: { 200: remotesResponseSchema } } },
    async (_request, reply): Promise<RemotesConfig> => {
      reply.header('cache-control', REVALIDATE);
      return readRemotes();
    },
  );

  /**
   * The signed-in session from the `accessToken` cookie (spec §4, server-side start), so a signed-in visitor's first
   * render is already signed in. A missing, malformed, unknown or inactive token is simply anonymous. The cookie is
   * read only here, to render the page: the API itself authenticates by the Authorization header alone.
   */
  async function sessionFromCookie(cookieHeader: string | undefined): Promise<Partial<InitialState>> {
    const key = readCookie(cookieHeader, TOKEN_COOKIE);
    if (!key || !TOKEN_KEY.test(key)) return {};
    const user = await sources.visitor(key);
    return user ? { token: key, user } : {};
  }

  async function sendDocument(pathname: string, request: FastifyRequest, reply: FastifyReply) {
    // Spec §4: the remembered language (cookie `i18n_redirected`) picks the home page a visitor lands on.
    if (pathname === '/' && readCookie(request.headers.cookie, LANGUAGE_COOKIE) === 'en') {
      const queryStart = request.url.indexOf('?');
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      return reply.header('vary', 'Cookie').redirect(`/en${query}`, 302);
    }
    const template = await readTemplate();
    if (template === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The site is not built yet: dist/shell/index.html is missing. Run `npm run build`, then reload.\n');
    }
    const remotes = await readRemotes();
    const deployed = new Set(remotes.remotes.map((remote) => remote.name));
    const isDeployed = (remote: RemoteName) => deployed.has(remote);
    const match = matchRoute(pathname, isDeployed);
    const undeployed = match ? undefined : undeployedPanelSection(pathname, isDeployed);
    const { language, path } = splitLanguage(pathname);

    // An undeployed section starts as any panel page (its status is settled below, once the visitor is known).
    let status = match || undeployed ? 200 : 404;
    let title = routeTitle(options.siteName, match?.route.id, language);
    // The document's search and sharing tags; stays null for documents search engines must not list.
    let meta: DocumentMeta | null = null;
    let embedded: Record<string, unknown> = {};
    let preload = '';
    const seo = { publicUrl: options.publicUrl, siteName: options.siteName, language };
    const slug = match?.route.id === 'page' || match?.route.id === 'contentPage' ? match.params.id : undefined;
    if (slug !== undefined) {
      let page = await sources.content.page(slug, language);
      // Staff previewing a page that is not published see it (unlisted: the meta below stays noindex).
      if (!page) {
        const session = await sessionFromCookie(request.headers.cookie).catch(() => ({}) as Partial<InitialState>);
        if (session.user && hasPermission(session.user, PAGE_PERMISSIONS.view))
          page = await sources.content.preview(slug, language);
      }
      // The page's loader takes it from the document, as the home page's does: no API round trip, in the browser or on
      // the server.
      if (page) embedded = { [pageBlockKey(slug, language)]: page };
      if (page?.draft) {
        title = documentTitle(options.siteName, page);
      } else if (page) {
        title = documentTitle(options.siteName, page);
        meta = {
          ...seo,
          title,
          description: page.seo_description,
          path: canonicalPagePath(slug),
          type: 'article',
          image: firstImage(page.body),
        };
      } else status = 404;
    } else if (match && match.route.layout === 'public' && !('guard' in match.route)) {
      // The home page speaks for itself from its CMS row; the page list (and a site without a home page) use the
      // brand and the site's own description.
      const isHome = match.route.id === 'home';
      const [home, stock] = isHome
        ? await Promise.all([sources.content.home(language), homeStock(language, request)])
        : [null, null];
      if (home) title = documentTitle(options.siteName, home);
      const hero = home?.blocks.find((block) => block.type === 'hero');
      if (home) embedded = { [homeBlockKey(language)]: home };
      // The stock strip paints from it at once (a home page without its CMS row shows the strip too).
      if (stock) embedded = { ...embedded, [homeStockKey(language)]: stock };
      // The hero image is the largest thing on the first screen (LCP): start it with the document, not after the
      // scripts and data that would otherwise discover it.
      if (hero?.type === 'hero' && hero.data.image) {
        const { src, srcSet } = blockImageSources(hero.data.image);
        preload = `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(HERO_IMAGE_SIZES)}" fetchpriority="high" />`;
      }
      meta = {
        ...seo,
        title,
        description:
          home?.seo_description || SCREEN_DESCRIPTIONS[match.route.id]?.[language] || SITE_DESCRIPTION[language],
        path: path.replace(/\/+$/, '') || '/',
        type: 'website',
        // JPEG: link-preview crawlers do not all read WebP.
        image:
          hero?.type === 'hero' && hero.data.image
            ? imageUrl({ id: hero.data.image.id, file_parse: { host: '', format: 'jpeg' } }, { size: '1280x0' })
            : undefined,
      };
    }

    const state: { -readonly [K in keyof InitialState]?: InitialState[K] } = {
      language,
      siteName: options.siteName,
      mobile: isMobileUserAgent(request.headers['user-agent']),
      ip: request.ip,
      menu: await sources.content.menu(language),
      footer: await sources.content.footer(language),
      block: embedded,
      ...(options.integrations && Object.keys(options.integrations).length > 0
        ? { integrations: options.integrations }
        : {}),
      ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    };
    try {
      Object.assign(state, await sessionFromCookie(request.headers.cookie));
      // A signed-in user the panel (or the section) is not for gets the 403 the page shows, not a 200; staff who may
      // open an undeployed section get its own status. Anonymous visitors are sent to the panel's sign-in by the page
      // itself, whose status is the 200 they keep.
      const panelPage = match?.route.layout === 'panel' ? match.route : undeployed;
      if (status === 200 && panelPage && state.user) {
        if (!mayOpen(state.user, panelPage)) status = 403;
        else if (undeployed) status = SECTION_NOT_DEPLOYED;
      }
      // A customer's page (`/user/{id}`) is staff's: to anyone else it does not exist, as the page itself shows.
      const customerPage = match?.route.id === 'user' && match.params.id !== undefined;
      if (status === 200 && customerPage && state.user && !hasPermission(state.user, USER_PERMISSIONS.view))
        status = 404;
    } catch (error) {
      // Spec §4: a failure other than a dead token while loading the user shows the error page with its status.
      status = error instanceof DbUnavailableError ? 503 : ((error as { statusCode?: number }).statusCode ?? 500);
      state.startError = { status };
      request.log.error({ err: error }, 'could not load the signed-in user for the document');
    }
    // The page shows its 404 under its own title, so the first document says the same.
    if (status === 404) title = screenTitle(options.siteName, NOT_FOUND_TITLE[language]);
    // A public page (not a signed-in screen, not the panel) comes with its content in the HTML, when it renders in time.
    const isPublicPage = match
      ? match.route.layout === 'public' && !('guard' in match.route)
      : !undeployed && !/^\/panel(\/|$)/.test(path);
    const rendered =
      renderer && isPublicPage && !state.startError && (status === 200 || status === 404)
        ? await renderer.render(remotes, {
            url: request.url,
            state,
            askApi: (url, headers) => askApi(request, url, headers),
            // A visitor who is not signed in is shown what every such visitor is, their address aside.
            ...(state.token ? {} : { share: { key: JSON.stringify({ ...state, ip: null }), ip: request.ip } }),
          })
        : null;
    // The worker's page must answer what the server decided; anything else is the browser's to show.
    const page = rendered?.status === status ? rendered : null;
    if (rendered && !page)
      request.log.warn({ status, rendered: rendered.status }, 'server render disagreed on the status');
    if (page) state.block = page.block;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', state.token ? SIGNED_IN_DOCUMENT_CACHE : DOCUMENT_CACHE)
      .send(
        renderDocument(template, {
          language,
          title,
          head: status === 200 && meta ? documentMeta(meta) + preload : noindexMeta(),
          state,
          ...(page
            ? { root: page.html, router: page.router, styles: page.styles, scriptsAtOnce: hasSecretQuery(request.url) }
            : {}),
        }),
      );
  }

  async function documentHandler(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const pathname = pathOf(request.url);
    // /api/* reaches this wildcard for unknown API paths: they get the API's JSON 404/405 instead.
    if (isApiPath(pathname)) return reply.callNotFound();
    // The file's name as the file system will see it: decoded (`%69ndex.html` is index.html) and normalized.
    const file = path.posix.normalize(`/${request.params['*']}`);
    const lastSegment = file.slice(file.lastIndexOf('/') + 1);
    if (FILE_EXTENSION.test(lastSegment)) {
      // index.html is a template with placeholders, never a file to hand out as is; source maps only when configured.
      if (TEMPLATE_FILE.test(lastSegment)) return reply.callNotFound();
      if (!options.serveSourceMaps && SOURCE_MAP.test(lastSegment)) return reply.callNotFound();
      return reply.sendFile(file.slice(1), shellDir);
    }
    return sendDocument(pathname, request, reply);
  }

  app.get<{ Params: { '*': string } }>('/*', documentHandler);
};

export default fp<SiteOptions>(
  async (app, options) => {
    // Filled as the domains register (after this plugin); complete once the app is ready.
    const sources: Partial<Record<keyof SiteSources, unknown>> = {};
    app.decorate('site', {
      provide(name, source) {
        if (sources[name]) throw new Error(`The site's ${name} is provided twice`);
        sources[name] = source;
      },
    } satisfies Site);
    if (!options.serve) return;
    app.addHook('onReady', async () => {
      const missing = SOURCES.filter((name) => !sources[name]);
      if (missing.length > 0) throw new Error(`No domain provides the site's ${missing.join(', ')}`);
    });
    await app.register(siteRoutes, { ...options, sources: sources as SiteSources });
  },
  { name: 'site', fastify: '5.x' },
);
