// The used exports of every shared library the builds trim (treeShaking.usedExports), one list per package, read by
// both webpack configs through build/federation.js. Shared whole, a library ships every export whether a page uses it
// or not (react-router ~60 KB gzip, most of it framework-mode and server code no page runs); trimmed, the shell's copy
// is the one every remote receives at run time, so an export missing here crashes the remote that uses it ("Cannot
// read properties of undefined"). build/shared-exports.test.ts fails when any file imports an export its list lacks,
// or a list names one nothing imports. A remote deployed later with a new import needs the shell rebuilt with it first.
import { ANTD_USED_EXPORTS } from './antd-exports.js';

export const REACT_ROUTER_USED_EXPORTS = [
  'Link',
  'Outlet',
  'RouterProvider',
  'createBrowserRouter',
  'matchRoutes',
  'redirect',
  'useLoaderData',
  'useLocation',
  'useNavigate',
  'useRouteError',
  'useSearchParams',
];

export const REACT_I18NEXT_USED_EXPORTS = ['I18nextProvider', 'initReactI18next', 'useTranslation'];

/** Package → the exports its trimmed shared copy keeps. */
export const TRIMMED_SHARED = {
  antd: ANTD_USED_EXPORTS,
  'react-router': REACT_ROUTER_USED_EXPORTS,
  'react-i18next': REACT_I18NEXT_USED_EXPORTS,
};
