/**
 * The people domain: staff managing accounts (the panel's Users section): the list, edits under the grant rules,
 * balance adjustments, block and unblock, every change audited. Accounts themselves (logins, the user's own page)
 * are the accounts domain's. This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync } from 'fastify';
import panelRoutes from './panel-routes.ts';
import { peopleService } from './people-service.ts';

export interface PeopleOptions {
  readonly currency: Currency;
  /** PUBLIC_URL: the `next`/`previous` links of lists and the proxies' change-IP links are absolute. */
  readonly publicUrl: string;
  /** Milliseconds now (tests move it): which suspended proxies an unblock serves again. */
  readonly now?: () => number;
}

const people: FastifyPluginAsync<PeopleOptions> = async (app, options) => {
  const service = peopleService(app.db, options);
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, { ...options, people: service });
  });
};

export default people;
