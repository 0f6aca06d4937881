/**
 * The farm agents' API (the protocol is the contract's `schemas/farm-agent.ts`): an agent authenticates with its
 * host's token (`Authorization: Bearer …`, never a staff session), long-polls its configuration (and, under protocol 2,
 * its rotations apart from it; under protocol 3, config deltas), posts reports and rotation results. They run on the
 * database's agents' pool when it has one (`Db.agents`, #42). Errors use the API's usual `{"detail": …}` bodies.
 */
import {
  AGENT_API_PATHS,
  AGENT_PROTOCOL,
  AgentReportSchema,
  CheckResultSchema,
  ConfigQuerySchema,
  MAX_CONFIG_WAIT_SECONDS,
  RotationResultSchema,
} from '@proxy/contract/schemas/farm-agent';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { errorBody, parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import type { FarmService } from './farm-service.ts';
import { legacyVersion, type AgentHost } from './hosts-repository.ts';
import type { NotificationWaits } from './notification-waits.ts';
import { FARM_REFUSALS } from './refusals.ts';

/** A long poll looks at the database again at least this often, notification or not. */
const POLL_SLICE_MS = 1_000;
/** Reports carry up to 5,000 traffic buckets: about 600 KB of JSON. */
const REPORT_BODY_LIMIT = 2 * 1024 * 1024;

const agentRoutes: FastifyPluginAsync<{ farm: FarmService; waits: NotificationWaits }> = async (app, options) => {
  const { farm, waits } = options;
  /**
   * A process beginning to close (`preClose`: before it stops accepting and waits for the requests in flight) answers
   * its held polls at once, 304 as for an unchanged config, instead of holding its shutdown up to a poll's 25 s (#42).
   * The agent asks again a second later: another process behind the balancer, or this one's successor.
   */
  let closing = false;
  const closed = new Promise<void>((resolve) => {
    app.addHook('preClose', (done) => {
      closing = true;
      resolve();
      done();
    });
  });

  /** The request's host, from its bearer token; 401 otherwise (also once the token stops working). */
  async function hostOf(request: FastifyRequest): Promise<AgentHost> {
    const [scheme, token, ...rest] = (request.headers.authorization ?? '').split(' ');
    const host =
      scheme?.toLowerCase() === 'bearer' && token && rest.length === 0 && token.length <= 100
        ? await farm.authenticateAgent(token)
        : null;
    if (!host) {
      request.log.info('agent refused: unknown or missing host token');
      throw FARM_REFUSALS.agentTokenInvalid();
    }
    return host;
  }

  app.get(AGENT_API_PATHS.config, async (request, reply) => {
    let host = await hostOf(request);
    const query = v.safeParse(ConfigQuerySchema, request.query);
    if (!query.success) throw new HttpError(400, errorBody(query.issues, request.language));
    const { since, rotations, wait = 0 } = query.output;
    // Rotations apart (#42) for an agent that says it reads them; any other is sent configs as before.
    const protocol = Math.min(query.output.protocol ?? 1, AGENT_PROTOCOL);
    const configUnchanged = (current: AgentHost) =>
      (protocol >= 2 ? current.configVersion : legacyVersion(current)) === since;
    const unchanged = (current: AgentHost) =>
      configUnchanged(current) && (protocol < 2 || current.rotationsVersion === rotations);
    reply.header('cache-control', 'no-store');
    await farm.heard(host);
    const deadline = Date.now() + Math.min(wait, MAX_CONFIG_WAIT_SECONDS) * 1000;
    while (!closing && unchanged(host) && Date.now() < deadline) {
      await Promise.race([waits.wait(`h${host.id}`, Math.min(POLL_SLICE_MS, deadline - Date.now())), closed]);
      if (closing) break;
      // The token is judged again on every look: a poll held while staff regenerate it or delete the host answers
      // 401 within a slice, and the agent stops serving at once instead of at its next report.
      host = await hostOf(request);
      // A held poll is the agent being there (#42) — while its connection is: a `kill -9`ed agent's poll would
      // otherwise keep its host heard from until the poll's deadline.
      if (!request.raw.socket.destroyed) await farm.heard(host);
    }
    if (unchanged(host)) return reply.code(304).send();
    if (configUnchanged(host)) return farm.rotations(host.id);
    // Protocol 3 (#42): the changes since `since` when they are known and smaller, so an order on a host of hundreds of
    // proxies costs its agent a few hundred bytes, not the whole config.
    if (protocol >= 3) return farm.configSince(host.id, since);
    return farm.config(host.id, protocol);
  });

  // No token, for anyone: the agent's health checks reach it through a modem, as any site would be reached, and learn
  // the address the modem's customers are seen from; customers curl it through their proxy. It tells a caller only
  // its own address.
  app.get(AGENT_API_PATHS.ip, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/plain; charset=utf-8').send(request.ip);
  });

  app.post(AGENT_API_PATHS.report, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    const host = await hostOf(request);
    await farm.applyReport(host.id, parseBody(AgentReportSchema, request.body, request.language));
    return reply.code(204).send();
  });

  app.post<{ Params: { id: number } }>(
    AGENT_API_PATHS.check(':id'),
    { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 } } } } },
    async (request, reply) => {
      const host = await hostOf(request);
      const result = parseBody(CheckResultSchema, request.body, request.language);
      if (!(await farm.finishCheck(host.id, request.params.id, result))) throw COMMON_REFUSALS.notFound();
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: number } }>(
    AGENT_API_PATHS.rotation(':id'),
    { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 } } } } },
    async (request, reply) => {
      const host = await hostOf(request);
      const result = parseBody(RotationResultSchema, request.body, request.language);
      if (!(await farm.finishRotation(host.id, request.params.id, result))) throw COMMON_REFUSALS.notFound();
      request.log.info({ hostId: host.id, rotationId: request.params.id, status: result.status }, 'rotation finished');
      return reply.code(204).send();
    },
  );
};

export default agentRoutes;
