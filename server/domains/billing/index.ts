/**
 * The money domain: balances and their ledger, payment methods, top-up invoices (manual and BTCPay Server), promo
 * codes, for customers, for staff (the panel's Payments section) and for the gateway's webhooks. This file is the
 * domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import { billingService, RATE_READ_EVERY_MS, type BillingOptions } from './billing-service.ts';
import customerRoutes from './customer-routes.ts';
import panelRoutes from './panel-routes.ts';
import { paymentMethodBadges } from './payment-methods-repository.ts';
import webhookRoutes from './webhook-routes.ts';

export { ledgerRepository, type Posting } from './ledger-repository.ts';
// The customer API (`/api/v1/`) reads the owner's invoices as the account's page does.
export { invoicesRepository } from './invoices-repository.ts';
export { invoicePresenter } from './invoice-presenter.ts';
// Orders and staff word an overdraft their own way (a 402 to an order, a field error to staff).
export { BILLING_REFUSALS } from './refusals.ts';
export { BILLING_MESSAGES } from './messages.ts';
// Orders pay inside their own transaction: a ledger posting, and a promo code checked (quote) or redeemed (order).
export { promoCodesRepository, type PromoJudgement, type PromoRefusal } from './promo-codes-repository.ts';
export { billingService, type BillingOptions, type BillingService } from './billing-service.ts';
// The `rate_refused` alert words the band the rates job refuses past.
export { RATE_BAND } from './rates.ts';

/** How often pending invoices past their time are written `expired` (reads show it at once regardless). */
const EXPIRY_SWEEP_MS = 60_000;

/** The plugin is told, as the notifications domain is, whether outbound URLs may be local (outside production). */
const billing: FastifyPluginAsync<BillingOptions & { readonly allowLocal: boolean }> = async (app, options) => {
  const service = billingService(app.db, options);
  await app.register(customerRoutes, { ...options, billing: service });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, { ...options, billing: service });
  });
  await app.register(webhookRoutes, { billing: service });

  // Idempotent and safe with several processes: each UPDATE only touches rows still pending.
  app.jobs.register({ name: 'invoices.expire', everyMs: EXPIRY_SWEEP_MS, run: (now) => service.expireDue(now) });
  // Provider-rated crypto methods: each endpoint read once per interval by whichever process claims the method.
  app.jobs.register({ name: 'payments.rates', everyMs: RATE_READ_EVERY_MS, run: (now) => service.readRates(now) });
  // The home page's document shows how one can pay: the active methods' names and icons.
  app.site.provide('paymentMethods', paymentMethodBadges(app.db));
};

export default billing;
