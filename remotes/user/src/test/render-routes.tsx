// The user remote's pages as the shell mounts them, on the site kit's harness: this remote's translations, the
// session in the app store, a memory router at `url`.
import type { RouteObject } from 'react-router';
import { renderRoutes as renderKitRoutes, type Session } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

export const renderRoutes = (routes: RouteObject[], url: string, session: Session) =>
  renderKitRoutes(routes, url, { namespace: 'user', translations: { ru, en }, session });
