/**
 * Probes for orchestrators: `/healthz` says the process serves requests (restart it if not); `/readyz` says it can
 * do useful work (the database answers and has every migration), so a load balancer sends it traffic.
 *
 * A process shutting down turns `/readyz` to 503 first (`app.drain()`, then closing): the balancer stops sending it
 * new requests while it still answers the ones it has (server.ts, `SHUTDOWN_DRAIN_MS`).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isMigrated, type Migration } from '../db/migrate.ts';

const statusSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on `/readyz` answers 503: the process is about to stop. */
    drain(): void;
  }
}

const healthRoutes: FastifyPluginAsync<{ migrations: readonly Migration[] }> = async (app, options) => {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { response: { 200: statusSchema, 503: statusSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'shutting down' });
    try {
      if (await isMigrated(app.db, options.migrations)) return { status: 'ok' };
      return reply.code(503).send({ status: 'migrations pending' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
};

export default fp(healthRoutes, { name: 'health', fastify: '5.x', dependencies: ['db'] });
