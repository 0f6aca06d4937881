/**
 * Probes for orchestrators: `/healthz` says the process serves requests (restart it if not); `/readyz` says it can
 * do useful work (the database answers and has every migration), so a load balancer sends it traffic.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isMigrated, type Migration } from '../db/migrate.ts';

const statusSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

const healthRoutes: FastifyPluginAsync<{ migrations: readonly Migration[] }> = async (app, options) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { response: { 200: statusSchema, 503: statusSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      if (await isMigrated(app.db, options.migrations)) return { status: 'ok' };
      return reply.code(503).send({ status: 'migrations pending' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
};

export default healthRoutes;
