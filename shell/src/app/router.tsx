import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import { LANGUAGES, localizePath, splitLanguage, type Language } from '@proxy/contract/languages';
import { PANEL_ACCESS, ROUTES, undeployedPanelSection, type RouteDefinition } from '@proxy/contract/routes';
import { getFooter, getMenu } from '@proxy/contract/api/menu';
import type { ApiClient } from '@proxy/contract/api/client';
import { languageAtom, setFooterAtom, setLanguageAtom, setMenuAtom, type AppStore } from '@proxy/contract/state';
import { RouteError } from '../errors/RouteError.tsx';
import { changeLanguage } from '../i18n/instance.ts';
import { NotFoundError } from '../errors/error-info.ts';
import { isDeployed, SectionNotDeployedError, type Deployment } from '../federation/remotes.ts';
import type { RemoteModule, RemotePage } from '@proxy/contract/remote';
import type { RemoteName } from '@proxy/contract/routes';
import { progressSteps } from '../chrome/progress.ts';
import { EmptyLayout } from '../layouts/EmptyLayout.tsx';
import { PublicLayout, PublicLayoutLoading } from '../layouts/PublicLayout.tsx';
import { requirePermission, requireStaffSecondFactor, runGuard } from './guards.ts';
import { SHELL_PAGES } from './shell-pages.ts';
import { Root } from './Root.tsx';

/**
 * The session a route tree loads for: its store, the API client bound to it, its i18next instance, and where a
 * remote's module comes from. The browser has one (index.tsx); the server renders every request with a new one
 * (shell/src/server/render.tsx).
 */
export interface RouteSession {
  readonly store: AppStore;
  readonly api: ApiClient;
  readonly i18n: I18n;
  readonly loadRemote: (name: RemoteName) => Promise<RemoteModule>;
}

/**
 * Makes the URL's language current before a page's data loads, so the API answers in that language and the page
 * renders with the shell's strings in it.
 */
async function enterLanguage({ store, api, i18n }: RouteSession, language: Language): Promise<void> {
  const previous = store.get(languageAtom);
  store.set(setLanguageAtom, language);
  await changeLanguage(i18n, language);
  // The server embedded the menu and the footer in the first page's language; a switch needs them in the new one.
  if (previous !== language) {
    getMenu(api).then(
      (items) => store.set(setMenuAtom, items),
      () => undefined, // keep the menu shown; the next switch tries again
    );
    getFooter(api).then(
      (links) => store.set(setFooterAtom, links),
      () => undefined,
    );
  }
}

/** The address a loader's request asks for, as a link writes it: path and query (`/en/order?period=7`). */
function askedAddress(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The page a route shows: one of the shell's own, or the one its remote implements (loaded on first visit). */
async function resolvePage(route: RouteDefinition, session: RouteSession): Promise<RemotePage | undefined> {
  if (route.remote === 'shell') return SHELL_PAGES[route.id]?.();
  const remote = await session.loadRemote(route.remote);
  return remote.pages[route.id as keyof typeof remote.pages];
}

function pageRoute(route: RouteDefinition, language: Language, session: RouteSession): RouteObject {
  return {
    id: `${language}:${route.id}`,
    path: localizePath(route.pattern, language),
    errorElement: <RouteError />,
    // The remote is fetched the first time one of its pages is visited. A failure is handed to the route's loader
    // so the errorElement shows it: react-router renders nothing for a route whose `lazy` itself rejected.
    lazy: async () => {
      try {
        const page = await resolvePage(route, session);
        if (!page) throw new NotFoundError();
        const { Component, loader, validate } = page;
        return {
          Component,
          handle: { progressSteps: progressSteps(page), clientOnly: page.clientOnly === true },
          loader: async ({ params, request }) => {
            await enterLanguage(session, language);
            runGuard(session.store, route.guard, language, askedAddress(request));
            requirePermission(session.store, route.permission, language);
            const { store, api } = session;
            const args = { params, language, signal: request.signal, store, api };
            if (validate && !(await validate(args))) throw new NotFoundError();
            return loader ? loader(args) : null;
          },
        };
      } catch (error) {
        return {
          loader: async ({ request }) => {
            await enterLanguage(session, language);
            runGuard(session.store, route.guard, language, askedAddress(request));
            requirePermission(session.store, route.permission, language);
            throw error;
          },
        };
      }
    },
  };
}

function notFoundRoute(language: Language, session: RouteSession): RouteObject {
  return {
    id: `${language}:notFound`,
    path: localizePath('/*', language),
    errorElement: <RouteError />,
    loader: async () => {
      await enterLanguage(session, language);
      throw new NotFoundError();
    },
  };
}

/**
 * An address under /panel that no deployed remote serves answers inside the panel frame: under a section the panel
 * menu names but this site does not deploy (yet), with that news, after the section's permission check; anywhere
 * else, including an unknown address under a section that is deployed, with the 404 page. The server answers the
 * document with the same split (501 and 404, server/plugins/site.ts).
 */
function panelNotFoundRoute(deployment: Deployment, language: Language, session: RouteSession): RouteObject {
  return {
    id: `${language}:panelNotFound`,
    path: localizePath('/panel/*', language),
    errorElement: <RouteError />,
    loader: async ({ request }) => {
      await enterLanguage(session, language);
      const section = undeployedPanelSection(new URL(request.url).pathname, (remote) => isDeployed(deployment, remote));
      if (!section) throw new NotFoundError();
      requirePermission(session.store, section.permission, language);
      throw new SectionNotDeployedError(section.id);
    },
  };
}

/**
 * The shell's route tree: for each language, the contract's routes of the deployed remotes inside their layout, and
 * a catch-all that shows the 404 page inside the public layout. Both languages share one tree so switching language
 * keeps the layout mounted.
 */
export function buildRoutes(deployment: Deployment, session: RouteSession): RouteObject[] {
  const routesIn = (layout: RouteDefinition['layout']) =>
    LANGUAGES.flatMap((language) =>
      ROUTES.filter((route) => route.layout === layout && isDeployed(deployment, route.remote)).map((route) =>
        pageRoute(route, language, session),
      ),
    );
  const publicRoutes = [...routesIn('public'), ...LANGUAGES.map((language) => notFoundRoute(language, session))];
  const panelRoutes = [
    ...routesIn('panel'),
    ...LANGUAGES.map((language) => panelNotFoundRoute(deployment, language, session)),
  ];
  return [
    {
      id: 'root',
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        {
          id: 'public',
          element: <PublicLayout />,
          hydrateFallbackElement: <PublicLayoutLoading />,
          children: publicRoutes,
        },
        { id: 'empty', element: <EmptyLayout />, children: routesIn('empty') },
        {
          id: 'panel',
          // The frame itself is for staff only: a customer gets the 403 page, not a panel with nothing in it.
          loader: async ({ request }) => {
            const { language } = splitLanguage(new URL(request.url).pathname);
            requirePermission(session.store, PANEL_ACCESS, language);
            await requireStaffSecondFactor(session.store, session.api, language);
            return null;
          },
          errorElement: <RouteError />,
          // The panel's frame is antd: it loads with the first panel page, never with the public site.
          lazy: async () => ({ Component: (await import('../panel/PanelLayout.tsx')).PanelLayout }),
          children: panelRoutes,
        },
      ],
    },
  ];
}
