import { type Language, localizePath, splitLanguage } from './languages.ts';
import {
  AGENT_HOST_PERMISSIONS,
  FARM_SECTION_ACCESS,
  MODEM_PERMISSIONS,
  PAGE_PERMISSIONS,
  PAYMENT_METHOD_PERMISSIONS,
  PAYMENTS_SECTION_ACCESS,
  USER_PERMISSIONS,
  VERSION_PERMISSIONS,
} from './permissions.ts';

/**
 * The URL space of the site (spec §2), owned by the contract so that the shell, every remote and the server agree
 * on it: the shell mounts these routes, a remote implements the pages it owns, and the server uses the same table
 * to answer the HTML document with the right status (404 for an unknown path).
 */
export type RemoteName =
  | 'marketing'
  | 'order'
  | 'ip'
  | 'user'
  | 'panel-users'
  | 'panel-version'
  | 'panel-page'
  | 'panel-payment'
  | 'panel-farm';

export type Layout = 'public' | 'empty' | 'panel';

/**
 * The panel's sections and the permission (Django-style strings, spec §6) each needs to be seen; the panel menu,
 * the panel's route guards and the API use the same strings.
 */
export const PANEL_SECTIONS = [
  { id: 'users', permission: 'users.view_user' },
  { id: 'versions', permission: 'versions.view_version' },
  { id: 'pages', permission: 'pages.view_page' },
  { id: 'payments', permission: PAYMENTS_SECTION_ACCESS },
  { id: 'farm', permission: FARM_SECTION_ACCESS },
] as const;
export type PanelSectionId = (typeof PANEL_SECTIONS)[number]['id'];

/** Any panel section's permission lets a staff member into the panel. */
export const PANEL_ACCESS = PANEL_SECTIONS.map((section) => section.permission).join('|');
export type Guard = 'authenticated' | 'notAuthenticated';

export interface RouteDefinition {
  /** Stable id a remote uses to say which page it implements. */
  readonly id: string;
  /** A react-router pattern without the language prefix; `:name?` marks an optional segment. */
  readonly pattern: string;
  /** The remote that implements the page, or `'shell'` for the few pages the shell owns (the panel's sign-in). */
  readonly remote: RemoteName | 'shell';
  readonly layout: Layout;
  readonly guard?: Guard;
  /** Permission expression of spec §6 (`a|b`, `a&b`) a panel page needs. */
  readonly permission?: string;
}

/**
 * The pages that exist, in matching order: named sections first, the catch-all generic page `/:id` last. A route is
 * added here (an additive contract change) when a remote implements it; `paths` below already names every route of
 * spec §2. `remote: 'shell'` marks a page of the shell itself, always there.
 */
export const ROUTES = [
  { id: 'home', pattern: '/', remote: 'marketing', layout: 'public' },
  { id: 'account', pattern: '/home', remote: 'user', layout: 'public', guard: 'authenticated' },
  // Own page (no id); with an id, staff with `users.view_user` see that customer's page read-only (404 for others).
  { id: 'user', pattern: '/user/:id?', remote: 'user', layout: 'public', guard: 'authenticated' },
  { id: 'contentPage', pattern: '/page/:id?', remote: 'marketing', layout: 'public' },
  { id: 'order', pattern: '/order', remote: 'order', layout: 'public', guard: 'authenticated' },
  { id: 'ipList', pattern: '/ip', remote: 'ip', layout: 'public', guard: 'authenticated' },
  // Before `:id`, which would take `transfer`: the transfers (no id) and the offer form for proxy `{id}`.
  { id: 'ipTransfer', pattern: '/ip/transfer/:id?', remote: 'ip', layout: 'public', guard: 'authenticated' },
  { id: 'ipDetail', pattern: '/ip/:id', remote: 'ip', layout: 'public', guard: 'authenticated' },
  { id: 'panelLogin', pattern: '/panel/login', remote: 'shell', layout: 'empty' },
  { id: 'panelHome', pattern: '/panel', remote: 'shell', layout: 'panel', permission: PANEL_ACCESS },
  // `add` before `:id`, which would take it. Editing needs only view: without change the form is read-only.
  {
    id: 'panelPages',
    pattern: '/panel/page',
    remote: 'panel-page',
    layout: 'panel',
    permission: PAGE_PERMISSIONS.view,
  },
  {
    id: 'panelPageAdd',
    pattern: '/panel/page/add',
    remote: 'panel-page',
    layout: 'panel',
    permission: PAGE_PERMISSIONS.add,
  },
  {
    id: 'panelPageEdit',
    pattern: '/panel/page/:id',
    remote: 'panel-page',
    layout: 'panel',
    permission: PAGE_PERMISSIONS.view,
  },
  // Methods, invoices and promo codes, in tabs; editing a method needs only view (read-only without change).
  {
    id: 'panelPayments',
    pattern: '/panel/payment',
    remote: 'panel-payment',
    layout: 'panel',
    permission: PAYMENTS_SECTION_ACCESS,
  },
  {
    id: 'panelPaymentAdd',
    pattern: '/panel/payment/add',
    remote: 'panel-payment',
    layout: 'panel',
    permission: PAYMENT_METHOD_PERMISSIONS.add,
  },
  {
    id: 'panelPaymentEdit',
    pattern: '/panel/payment/:id',
    remote: 'panel-payment',
    layout: 'panel',
    permission: PAYMENT_METHOD_PERMISSIONS.view,
  },
  // Modems and farm hosts, in tabs; each has its own add and edit screens (edit needs only view: read-only then).
  {
    id: 'panelFarm',
    pattern: '/panel/farm',
    remote: 'panel-farm',
    layout: 'panel',
    permission: FARM_SECTION_ACCESS,
  },
  {
    id: 'panelFarmModemAdd',
    pattern: '/panel/farm/modems/add',
    remote: 'panel-farm',
    layout: 'panel',
    permission: MODEM_PERMISSIONS.add,
  },
  {
    id: 'panelFarmModemEdit',
    pattern: '/panel/farm/modems/:id',
    remote: 'panel-farm',
    layout: 'panel',
    permission: MODEM_PERMISSIONS.view,
  },
  {
    id: 'panelFarmHostAdd',
    pattern: '/panel/farm/hosts/add',
    remote: 'panel-farm',
    layout: 'panel',
    permission: AGENT_HOST_PERMISSIONS.add,
  },
  {
    id: 'panelFarmHostEdit',
    pattern: '/panel/farm/hosts/:id',
    remote: 'panel-farm',
    layout: 'panel',
    permission: AGENT_HOST_PERMISSIONS.view,
  },
  // Customers' accounts: the list, and one account (read-only without `users.change_user`). No add: people register.
  {
    id: 'panelUsers',
    pattern: '/panel/users',
    remote: 'panel-users',
    layout: 'panel',
    permission: USER_PERMISSIONS.view,
  },
  {
    id: 'panelUserEdit',
    pattern: '/panel/users/:id',
    remote: 'panel-users',
    layout: 'panel',
    permission: USER_PERMISSIONS.view,
  },
  // Releases of the client apps; edit needs only view (read-only without change).
  {
    id: 'panelVersions',
    pattern: '/panel/version',
    remote: 'panel-version',
    layout: 'panel',
    permission: VERSION_PERMISSIONS.view,
  },
  {
    id: 'panelVersionAdd',
    pattern: '/panel/version/add',
    remote: 'panel-version',
    layout: 'panel',
    permission: VERSION_PERMISSIONS.add,
  },
  {
    id: 'panelVersionEdit',
    pattern: '/panel/version/:id',
    remote: 'panel-version',
    layout: 'panel',
    permission: VERSION_PERMISSIONS.view,
  },
  // The apps to download (before the catch-all, which would take `downloads` as a content page's slug).
  { id: 'downloads', pattern: '/downloads', remote: 'marketing', layout: 'public' },
  // The customer API's documentation (issue #30), also before the catch-all.
  { id: 'apiDocs', pattern: '/api-docs', remote: 'marketing', layout: 'public' },
  { id: 'page', pattern: '/:id', remote: 'marketing', layout: 'public' },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof ROUTES)[number]['id'];

export interface RouteMatch {
  readonly route: RouteDefinition & { readonly id: RouteId };
  readonly language: Language;
  readonly params: Readonly<Record<string, string | undefined>>;
}

function matchPattern(pattern: string, path: string): Record<string, string | undefined> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  const params: Record<string, string | undefined> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i] as string;
    const value = pathParts[i];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (!optional) return null;
        continue;
      }
      params[name] = decodeURIComponent(value);
    } else if (part !== value) {
      return null;
    }
  }
  return pathParts.length <= patternParts.length ? params : null;
}

/**
 * Finds the route for a pathname (with or without the /en prefix) among the routes of the deployed remotes.
 * A trailing slash is tolerated; a malformed percent-escape matches nothing.
 */
export function matchRoute(
  pathname: string,
  isDeployed: (remote: RemoteName) => boolean = () => true,
): RouteMatch | null {
  const { language, path } = splitLanguage(pathname);
  for (const route of ROUTES) {
    if (route.remote !== 'shell' && !isDeployed(route.remote)) continue;
    let params: Record<string, string | undefined> | null;
    try {
      params = matchPattern(route.pattern, path);
    } catch {
      return null;
    }
    if (params) return { route, language, params };
  }
  return null;
}

/** Where each panel section lives (spec §2's panel menu), without the language prefix; its pages are below it. */
export const PANEL_SECTION_PATHS: Readonly<Record<PanelSectionId, string>> = {
  users: '/panel/users',
  versions: '/panel/version',
  pages: '/panel/page',
  payments: '/panel/payment',
  farm: '/panel/farm',
};

export type PanelSection = (typeof PANEL_SECTIONS)[number];

/** The panel section an address belongs to (`/panel/users/4` and `/en/panel/users` → users), if any. */
export function panelSectionAt(pathname: string): PanelSection | undefined {
  const { path } = splitLanguage(pathname);
  const trimmed = path.replace(/\/+$/, '');
  return PANEL_SECTIONS.find((section) => {
    const base = PANEL_SECTION_PATHS[section.id];
    return trimmed === base || trimmed.startsWith(`${base}/`);
  });
}

/**
 * The panel section an address lies in when this site does not serve that section: no route of the contract under
 * the section's address belongs to a deployed remote (a section no remote implements yet has no route at all).
 * Such an address is not unknown, the panel's menu and home link to it: the shell says "not here yet" inside the
 * panel and the server answers with its own status for it. Under a section the site serves, an address no route
 * matches is simply unknown (404).
 */
export function undeployedPanelSection(
  pathname: string,
  isDeployed: (remote: RemoteName) => boolean,
): PanelSection | undefined {
  const section = panelSectionAt(pathname);
  if (!section) return undefined;
  const base = PANEL_SECTION_PATHS[section.id];
  const served = ROUTES.some(
    (route) =>
      route.remote !== 'shell' &&
      (route.pattern === base || route.pattern.startsWith(`${base}/`)) &&
      isDeployed(route.remote),
  );
  return served ? undefined : section;
}

/**
 * Whether a path is a section of its own rather than the catch-all content page: a section of spec §2 that no remote
 * implements yet (its route is not in ROUTES) is not, so links to it can wait instead of leading to a 404.
 */
export function isSectionRoute(pathname: string): boolean {
  const match = matchRoute(pathname);
  return match !== null && match.route.id !== 'page';
}

/**
 * The overlays the shell opens by the URL's hash, so any page or remote opens one with a plain link (without `#`):
 * the top-up dialog (empty, or with an amount filled in), and the same dialog at one of the customer's invoices.
 */
export const overlayHashes = {
  topUp: 'topup',
  /** The top-up dialog with `minor` (minor units) filled in: the order page's "top up the difference". */
  topUpAmount: (minor: number) => `topup-${minor}`,
  /** The amount a `#topup-{minor}` hash fills in, or null (a bare `#topup` fills in nothing). */
  topUpAmountOf: (hash: string): number | null => {
    // Twelve digits at most: more than any top-up may be (MAX_AMOUNT), and still an exact integer in a double.
    const match = /^#?topup-([1-9]\d{0,11})$/.exec(hash);
    return match ? Number(match[1]) : null;
  },
  invoice: (id: number) => `invoice-${id}`,
  /** The invoice an `#invoice-{id}` hash names, or null. */
  invoiceOf: (hash: string): number | null => {
    const match = /^#?invoice-([1-9]\d{0,9})$/.exec(hash);
    return match ? Number(match[1]) : null;
  },
} as const;

/** Hrefs for every route of spec §2, in the given language; the one place links are built. */
export const paths = {
  home: (language: Language) => localizePath('/', language),
  account: (language: Language) => localizePath('/home', language),
  page: (slug: string, language: Language) => localizePath(`/${encodeURIComponent(slug)}`, language),
  contentPage: (slug: string | undefined, language: Language) =>
    localizePath(slug ? `/page/${encodeURIComponent(slug)}` : '/page', language),
  ipList: (language: Language) => localizePath('/ip', language),
  ipDetail: (id: string | number, language: Language) => localizePath(`/ip/${id}`, language),
  ipTransfer: (id: string | number | undefined, language: Language) =>
    localizePath(id === undefined ? '/ip/transfer' : `/ip/transfer/${id}`, language),
  /** The order page, with a period of the price list chosen (the price table's "Order" buttons). */
  order: (language: Language, periodDays?: number) =>
    localizePath(periodDays === undefined ? '/order' : `/order?period=${periodDays}`, language),
  user: (id: string | number | undefined, language: Language) =>
    localizePath(id === undefined ? '/user' : `/user/${id}`, language),
  panelHome: (language: Language) => localizePath('/panel', language),
  panelLogin: (language: Language) => localizePath('/panel/login', language),
  panelPages: (language: Language) => localizePath('/panel/page', language),
  panelPageAdd: (language: Language) => localizePath('/panel/page/add', language),
  panelPageEdit: (id: string | number, language: Language) => localizePath(`/panel/page/${id}`, language),
  panelPayments: (language: Language) => localizePath('/panel/payment', language),
  panelPaymentAdd: (language: Language) => localizePath('/panel/payment/add', language),
  panelPaymentEdit: (id: string | number, language: Language) => localizePath(`/panel/payment/${id}`, language),
  panelFarm: (language: Language) => localizePath('/panel/farm', language),
  /** The section's Hosts tab (the tab's choice is in the query, as every section's tabs). */
  panelFarmHosts: (language: Language) => `${localizePath('/panel/farm', language)}?tab=hosts`,
  panelFarmSettings: (language: Language) => `${localizePath('/panel/farm', language)}?tab=settings`,
  panelFarmModemAdd: (language: Language) => localizePath('/panel/farm/modems/add', language),
  panelFarmModemEdit: (id: string | number, language: Language) => localizePath(`/panel/farm/modems/${id}`, language),
  panelFarmHostAdd: (language: Language) => localizePath('/panel/farm/hosts/add', language),
  panelFarmHostEdit: (id: string | number, language: Language) => localizePath(`/panel/farm/hosts/${id}`, language),
  panelUsers: (language: Language) => localizePath('/panel/users', language),
  panelUserEdit: (id: string | number, language: Language) => localizePath(`/panel/users/${id}`, language),
  downloads: (language: Language) => localizePath('/downloads', language),
  apiDocs: (language: Language) => localizePath('/api-docs', language),
  panelVersions: (language: Language) => localizePath('/panel/version', language),
  panelVersionAdd: (language: Language) => localizePath('/panel/version/add', language),
  panelVersionEdit: (id: string | number, language: Language) => localizePath(`/panel/version/${id}`, language),
} as const;
