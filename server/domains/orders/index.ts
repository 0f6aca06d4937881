/**
 * The ordering domain: what is in stock and the price list (public), quotes and orders, and the customer's proxies
 * (list, settings, credentials, change IP, history, traffic, renewals). Proxies live in the farm's tables and are
 * made and changed through the farm domain; money moves through the billing domain's ledger, in the same transactions.
 * This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import { DEFAULT_SITE_NAME } from '@proxy/contract/titles';
import type { FastifyPluginAsync } from 'fastify';
import { customerProxiesRepository, farmService, notificationWaits, ROTATION_WAIT_MS } from '../farm/index.ts';
import { notifier } from '../notifications/index.ts';
import { lifecycleJobs } from './lifecycle.ts';
import { moveRoutes, moveSettingsRoutes } from './move-routes.ts';
import { movesService } from './moves-service.ts';
import orderRoutes from './order-routes.ts';
import { ordersService } from './orders-service.ts';
import proxyRoutes from './proxy-routes.ts';
import { replaceRoutes } from './replace-routes.ts';
import { replacementsService } from './replacements-service.ts';
import stockRoutes, { stockReader } from './stock-routes.ts';

export { ordersService, type OrdersOptions, type OrdersService } from './orders-service.ts';
// Staff read a customer's orders (the panel's Users section); the customer API (`/api/v1/`) reads and places them.
export { ordersRepository } from './orders-repository.ts';
// Staff read every customer's renewals (the panel's Users section, the list the home's renewals figure opens).
export { renewalsRepository } from './renewals-repository.ts';
export { stockReader, type StockReader } from './stock-routes.ts';
// The customer API (`/api/v1/`) moves proxies too.
export { MoveCooldown, movesService, type MovesService } from './moves-service.ts';
// ...and replaces them (#49 item 9).
export { replacementsService, type ReplacementsService } from './replacements-service.ts';

export interface OrdersPluginOptions {
  /** The site's one currency: the price list is the active plans in it. */
  readonly currency: Currency;
  /** PUBLIC_URL: the change-IP links and the `next`/`previous` links of lists are absolute. */
  readonly publicUrl: string;
  /** Milliseconds now (tests move it): expiries, renewals and the change-IP cooldown. */
  readonly now?: () => number;
  /** How long "change IP now" waits for the new address. */
  readonly rotationWaitMs?: number;
  /** SITE_NAME: the lifecycle mails are signed with it. */
  readonly siteName?: string;
}

const orders: FastifyPluginAsync<OrdersPluginOptions> = async (app, options) => {
  const clock = options.now ? { now: options.now } : {};
  const service = ordersService(app.db, { currency: options.currency, ...clock });
  const farm = farmService(app.db, clock);
  // "Change IP now" waits for the agent's answer as the change-IP link does, on a LISTEN of its own.
  const waits = notificationWaits(app.db);
  app.addHook('onClose', () => waits.close());

  app.addHook('onSend', async (request, reply) => {
    // Proxies, credentials and orders are personal: never kept by a shared cache or the back/forward cache.
    if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // One stock cache for the API and the home page's document: a home page view adds no query of its own.
  const stock = stockReader(app.db, { currency: options.currency, ...clock });
  app.site.provide('stock', stock);
  await app.register(stockRoutes, { stock });
  await app.register(orderRoutes, { orders: service, publicUrl: options.publicUrl });
  await app.register(proxyRoutes, {
    orders: service,
    farm,
    proxies: customerProxiesRepository(app.db, { publicUrl: options.publicUrl, ...clock }),
    waits,
    rotationWaitMs: options.rotationWaitMs ?? ROTATION_WAIT_MS,
    publicUrl: options.publicUrl,
  });

  // Moving a proxy to another place (#29), and its fee for staff (the panel is for staff only, as Django admin is).
  const moves = movesService(app.db, { currency: options.currency, ...clock });
  await app.register(moveRoutes, { moves });
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(moveSettingsRoutes, { moves });
  });
  // Replacing a proxy whose IP is bad (#49 item 9): another modem of the same place, free, a few times a month.
  await app.register(replaceRoutes, { replacements: replacementsService(app.db, clock) });

  // Renewals, suspension, release, reminders and auto-rotation: sweeps safe with any number of processes.
  const jobs = lifecycleJobs(app.db, {
    currency: options.currency,
    publicUrl: options.publicUrl,
    siteName: options.siteName ?? DEFAULT_SITE_NAME,
    notify: notifier({
      currency: options.currency,
      publicUrl: options.publicUrl,
      siteName: options.siteName ?? DEFAULT_SITE_NAME,
      enqueue: (q, mail) => app.mailer.enqueue(q, mail),
    }).notify,
  });
  for (const job of jobs) app.jobs.register(job);
};

export default orders;
