/**
 * The farm domain: agent hosts, modems, the customers' proxies on them, IP rotations and traffic; the farm agents'
 * API and the change-IP link. This file is the domain's only public surface.
 */
import type { FastifyPluginAsync } from 'fastify';
import agentRoutes from './agent-routes.ts';
import checkTargetRoutes from './check-target.ts';
import panelRoutes from './panel-routes.ts';
import { farmService, type FarmServiceOptions } from './farm-service.ts';
import { notificationWaits } from './notification-waits.ts';
import rotateLinkRoute from './rotate-link-route.ts';
import { checksRepository } from './checks-repository.ts';
import { trafficRepository } from './traffic-repository.ts';

export { farmService, requestAutoRotation, ROTATE_COOLDOWN_SECONDS, type FarmService } from './farm-service.ts';
// The Telegram bot's /rotate asks inside its own transaction (the one that advances its updates offset).
export { requestRotationIn } from './farm-service.ts';
export { ownerSettingsOf, type ProxySettings } from './proxies-repository.ts';
// Ordering sells free modems and makes, extends and shows the customers' proxies inside its own transactions, and its
// lifecycle sweeps renew, suspend, release and remind through these.
export {
  allocateInPlace,
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
  freeModemHosts,
  freeModemsIn,
  freeStock,
  lockHosts,
  renewableProxies,
  type FreeModem,
  type Place,
  type RenewableProxy,
  type StockLine,
} from './inventory.ts';
export { customerProxiesRepository, type CustomerProxiesRepository } from './customer-proxies-repository.ts';
// Order lines and transfers name their place's city (#28) and operator (#49) in Russian too.
export { placeRuOf } from './place-names.ts';
// A move (#29) re-allocates a proxy inside ordering's paying transaction.
export {
  lockFreeModemFor,
  movableProxy,
  placeExists,
  placeRuIn,
  relocateProxy,
  type MovableProxy,
  type Relocation,
} from './relocation.ts';
// Transfers hand a proxy to another customer inside their own transaction.
export { handOverProxy, lockTransferableProxy, type TransferableProxy } from './handover.ts';
export { notificationWaits, type NotificationWaits } from './notification-waits.ts';
export { answerRotation, REBOOT_DETAILS, ROTATION_WAIT_MS, rotationDetail, sendRotation } from './rotate-link-route.ts';
// A host the API has not heard from lately is offline (#42): the alerts and the customers' outage notices read it so.
export { hostHeardAt, hostSilentAt } from './hosts-repository.ts';
// Ordering words a host out of ports as no stock.
export { FARM_REFUSALS } from './refusals.ts';

export interface FarmOptions extends FarmServiceOptions {
  /** PUBLIC_URL: the absolute `next`/`previous` links of paginated lists. */
  readonly publicUrl?: string;
  /** How long `GET /r/{token}` waits for the new address. */
  readonly rotationWaitMs?: number;
}

/** How often traffic minutes and health checks past their keeping time are pruned. */
const PRUNE_EVERY_MS = 60 * 60_000;

const farm: FastifyPluginAsync<FarmOptions> = async (app, options) => {
  const service = farmService(app.db, options);
  const waits = notificationWaits(app.db);
  app.addHook('onClose', () => waits.close());
  // The agents' routes on their own pool (#42): reports and config polls never wait behind an order burst's queries.
  const agentDb = app.db.agents ?? app.db;
  await app.register(agentRoutes, {
    farm: agentDb === app.db ? service : farmService(agentDb, options),
    waits,
  });
  // The panel is for staff only, as Django admin is (`is_staff`), whatever permission strings an account holds.
  await app.register(async (panel) => {
    panel.addHook('onRequest', app.requireStaff);
    await panel.register(panelRoutes, {
      farm: service,
      waits,
      publicUrl: options.publicUrl ?? '',
      ...(options.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.rotationWaitMs }),
    });
    await panel.register(checkTargetRoutes, { publicUrl: options.publicUrl ?? '', now: options.now ?? Date.now });
  });
  await app.register(rotateLinkRoute, {
    farm: service,
    waits,
    ...(options.rotationWaitMs === undefined ? {} : { rotationWaitMs: options.rotationWaitMs }),
  });

  // Idempotent, and done by one process at a time (an advisory lock): days of minutes dropped, sums deleted by range.
  app.jobs.register({
    name: 'traffic.prune',
    everyMs: PRUNE_EVERY_MS,
    run: (now) => app.db.transaction((tx) => trafficRepository(tx).prune(now)),
  });
  const checks = checksRepository(app.db);
  app.jobs.register({ name: 'checks.prune', everyMs: PRUNE_EVERY_MS, run: (now) => checks.prune(now) });
};

export default farm;
