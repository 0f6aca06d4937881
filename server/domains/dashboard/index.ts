/**
 * The dashboard domain: the panel home's operations widgets (money, sales, the farm, the machinery) read from SQL
 * aggregates, and the staff alerts — their thresholds, who follows which kind, the incidents and the `alerts.check`
 * job that opens and closes them with one e-mail each way. This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync } from 'fastify';
import { alertsService } from './alerts-service.ts';
import panelRoutes from './panel-routes.ts';

export interface DashboardOptions {
  readonly currency: Currency;
  /** PUBLIC_URL: the history's `next`/`previous` links and the links in alert mails. */
  readonly publicUrl: string;
  readonly siteName: string;
  /** Milliseconds now (tests move it): the widgets' windows. */
  readonly now: () => number;
}

/** How often the alert conditions are checked: a threshold in minutes is met within this much of it. */
export const ALERTS_CHECK_EVERY_MS = 30_000;

const dashboard: FastifyPluginAsync<DashboardOptions> = async (app, options) => {
  const alerts = alertsService(app.db, {
    mailer: app.mailer,
    publicUrl: options.publicUrl,
    siteName: options.siteName,
  });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, { ...options, alerts });
  });
  app.jobs.register({ name: 'alerts.check', everyMs: ALERTS_CHECK_EVERY_MS, run: (now) => alerts.check(now) });
};

export default dashboard;
