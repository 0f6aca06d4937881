/**
 * The customer API (`/api/v1/`, issue #30): what a customer's scripts do with an API key, over the services the
 * account's own pages use (the rules stay in farm, orders and billing). Keys are the accounts domain's; the auth
 * plugin authenticates them here and nowhere else; the errors plugin answers this API's errors in its one shape
 * (`lib/api-error.ts`).
 * This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { customerProxiesRepository, farmService, notificationWaits, ROTATION_WAIT_MS } from '../farm/index.ts';
import { movesService, ordersService, replacementsService, stockReader } from '../orders/index.ts';
import billingRoutes from './billing-routes.ts';
import { openApiDocument } from './openapi.ts';
import moveRoutes from './move-routes.ts';
import ordersRoutes from './orders-routes.ts';
import proxiesRoutes from './proxies-routes.ts';
import replaceRoutes from './replace-routes.ts';

export interface CustomerApiOptions {
  /** The site's one currency: prices, orders and the balance are in it. */
  readonly currency: Currency;
  /** PUBLIC_URL: the change-IP links and the `next`/`previous` links of lists are absolute. */
  readonly publicUrl: string;
  /** Milliseconds now (tests move it): the change-IP cooldown. */
  readonly now?: () => number;
  /** How long "change IP now" waits for the new address. */
  readonly rotationWaitMs?: number;
}

const customerApi: FastifyPluginAsync<CustomerApiOptions> = async (app, options) => {
  const clock = options.now ? { now: options.now } : {};
  const waits = notificationWaits(app.db);
  app.addHook('onClose', () => waits.close());
  app.addHook('onSend', async (_request, reply) => {
    // A customer's proxies and money: never kept by a shared cache.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // The document is made from the routes as they are registered (onRoute sees this context's children too).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  let document: string | undefined;
  app.get(
    '/api/v1/openapi.json',
    { config: { openapi: { operationId: 'getOpenApi', summary: 'This document', public: true } } },
    async (_request, reply) => {
      document ??= JSON.stringify(openApiDocument(routes, options.publicUrl));
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(document);
    },
  );

  await app.register(proxiesRoutes, {
    farm: farmService(app.db, clock),
    proxies: customerProxiesRepository(app.db, { publicUrl: options.publicUrl, ...clock }),
    waits,
    rotationWaitMs: options.rotationWaitMs ?? ROTATION_WAIT_MS,
    publicUrl: options.publicUrl,
  });
  await app.register(ordersRoutes, {
    orders: ordersService(app.db, { currency: options.currency, ...clock }),
    stock: stockReader(app.db, { currency: options.currency, ...clock }),
  });
  await app.register(moveRoutes, { moves: movesService(app.db, { currency: options.currency, ...clock }) });
  await app.register(replaceRoutes, { replacements: replacementsService(app.db, clock) });
  await app.register(billingRoutes, { currency: options.currency, publicUrl: options.publicUrl });
};

export default customerApi;
export { default as customerApiBudgets } from './budgets.ts';
