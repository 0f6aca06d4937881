/**
 * The free trial domain (#29): staff switch it on and set its terms in the panel's Farm settings; a verified customer
 * takes one short proxy, made through the farm's allocation path as an order's are. This file is the domain's only
 * public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import { trialPanelRoutes, trialRoutes } from './trial-routes.ts';
import { trialService } from './trial-service.ts';

export { mailboxOf } from './mailbox.ts';
export { trialService, type TrialService } from './trial-service.ts';

export interface TrialPluginOptions {
  /** Milliseconds now (tests move it): the trial's expiry and the per-address day. */
  readonly now?: () => number;
}

const trial: FastifyPluginAsync<TrialPluginOptions> = async (app, options) => {
  const service = trialService(app.db, options.now ? { now: options.now } : {});
  await app.register(trialRoutes, { trial: service });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(trialPanelRoutes, { trial: service });
  });
};

export default trial;
