import type { PanelSectionId, RemoteName } from './routes.ts';

/**
 * Where each panel section comes from: the remote that implements it and its main paginated list in the API, whose
 * `count` the panel's home shows. Apart from routes.ts, so the public first paint does not carry it.
 */
export const PANEL_SECTION_SOURCES: Readonly<
  Record<PanelSectionId, { readonly remote: RemoteName; readonly list: string }>
> = {
  users: { remote: 'panel-users', list: '/api/panel/users/' },
  versions: { remote: 'panel-version', list: '/api/panel/versions/' },
  pages: { remote: 'panel-page', list: '/api/panel/pages/' },
  payments: { remote: 'panel-payment', list: '/api/panel/payment-methods/' },
  farm: { remote: 'panel-farm', list: '/api/panel/farm/modems/' },
};
