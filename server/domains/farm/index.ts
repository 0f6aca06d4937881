/**
 * The farm domain: agent hosts, modems, the customers' proxies on them, IP rotations and traffic; the farm agents'
 * API and the change-IP link. This file is the domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import agentRoutes from './agent-routes.ts';
import panelRoutes from './panel-routes.ts';
import { farmService, type FarmServiceOptions } from './farm-service.ts';
import { notificationWaits } from './notification-waits.ts';
import rotateLinkRoute from './rotate-link-route.ts';
import { trafficRepository } from './traffic-repository.ts';

export { farmService, requestAutoRotation, ROTATE_COOLDOWN_SECONDS, type FarmService } from './farm-service.ts';
export type { ProxySettings } from './proxies-repository.ts';
// Ordering sells free modems and makes, extends and shows the customers' proxies inside its own transactions, and its
// lifecycle sweeps renew, suspend, release and remind through these.
export {
  allocateProxy,
  claimAutoRotations,
  claimDueProxies,
  markReminded,
  markRenewalFailed,
  releaseProxies,
  suspendProxies,
  lockOwnerProxies,
  suspendOwnerProxies,
  resumeOwnerProxies,
  type Due,
  type DueProxy,
  extendProxies,
  freeCount,
  freeStock,
  lockFreeModems,
  lockHosts,
  renewableProxies,
  type FreeModem,
  type Place,
  type RenewableProxy,
  type StockLine,
} from './inventory.ts';
export { customerProxiesRepository, type CustomerProxiesRepository } from './customer-proxies-repository.ts';
// Transfers hand a proxy to another customer inside their own transaction.
export { handOverProxy, lockTransferableProxy, type TransferableProxy } from './handover.ts';
export { notificationWaits, type NotificationWaits } from './notification-waits.ts';
export { answerRotation, ROTATION_WAIT_MS, rotationDetail, sendRotation } from './rotate-link-route.ts';
// Ordering words a host out of ports as no stock.
export { FARM_REFUSALS } from './refusals.ts';

export interface FarmOptions extends FarmServiceOptions {
  /** PUBLIC_URL: the absolute `next`/`previous` links of paginated lists. */
  readonly publicUrl?: string;
  /** How long `GET /r/{token}` waits for the new address. */
  readonly rotationWaitMs?: number;
}

/** How often traffic minutes past their keeping time are pruned. */
const PRUNE_EVERY_MS = 60 * 60_000;

const farm: FastifyPluginAsync<FarmOptions> = async (app, options) => {
  const service = farmService(app.db, options);
  const waits = notificationWaits(app.db);
  app.addHook('onClose', () => waits.close());
  await app.register(agentRoutes, { farm: service, waits });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, {
      farm: service,
      waits,
      publicUrl: options.publicUrl ?? '',
      ...(options.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.rotationWaitMs }),
    });
  });
  await app.register(rotateLinkRoute, {
    farm: service,
    waits,
    ...(options.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.rotationWaitMs }),
  });

  // Idempotent and safe with several processes: a DELETE of rows past a fixed age at the runner's clock.
  const traffic = trafficRepository(app.db);
  app.jobs.register({ name: 'traffic.prune', everyMs: PRUNE_EVERY_MS, run: (now) => traffic.pruneMinutes(now) });
};

export default farm;
