/**
 * The transfers domain: a customer hands one of their proxies to another customer by e-mail (docs/product.md
 * "Proxies", `/ip/transfer`). The proxy changes hands through the farm domain and both ledgers get a zero `transfer`
 * entry through the billing domain, in the accepting transaction. This file is the domain's only public surface.
 */
import type { Currency } from '@proxy/contract/money';
import type { FastifyPluginAsync } from 'fastify';
import type { Now } from '../../lib/clock.ts';
import { notifier } from '../notifications/index.ts';
import transferRoutes from './transfer-routes.ts';
import { transfersRepository } from './transfers-repository.ts';
import { transfersService } from './transfers-service.ts';

export interface TransfersPluginOptions {
  /** The site's one currency: the zero `transfer` ledger entries are in it. */
  readonly currency: Currency;
  /** PUBLIC_URL: the link in the e-mails and the `next`/`previous` links of the list. */
  readonly publicUrl: string;
  /** SITE_NAME: the e-mails are titled and signed with it. */
  readonly siteName: string;
  /** Milliseconds now (tests move it): an offer's expiry, whether it lapsed, and the sweep. */
  readonly now: Now;
}

/** How often lapsed offers are written `expired` (reads show it at once regardless). */
const EXPIRY_SWEEP_MS = 60_000;

const transfers: FastifyPluginAsync<TransfersPluginOptions> = async (app, options) => {
  const service = transfersService(app.db, {
    ...options,
    mailer: app.mailer,
    notify: notifier({ ...options, enqueue: (q, mail) => app.mailer.enqueue(q, mail) }).notify,
  });

  app.addHook('onSend', async (request, reply) => {
    // Offers name customers' addresses: never kept by a shared cache or the back/forward cache.
    if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(transferRoutes, {
    transfers: service,
    repository: transfersRepository(app.db),
    publicUrl: options.publicUrl,
    now: options.now,
  });

  // Idempotent and safe with several processes: rows are claimed with SKIP LOCKED and only pending ones change.
  app.jobs.register({ name: 'transfers.expire', everyMs: EXPIRY_SWEEP_MS, run: (now) => service.expireDue(now) });
};

export default transfers;
