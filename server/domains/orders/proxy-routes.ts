/**
 * The customer's proxies (`/api/proxies/`, shared/src/api/proxies.ts): the list and its filter choices, one proxy,
 * the owner's settings, a login of their own, a new password or change-IP link, "change IP now", a modem reboot, a
 * health check ("check now"), the rotation history,
 * traffic, and renewals. Every route on an id answers 404 unless the signed-in customer owns that proxy. What the
 * agent serves is changed through the farm's service, which tells the host's agent in the same transaction.
 */
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  PROXY_LIST,
  ProxyChoicesSchema,
  ProxyLoginSchema,
  ProxyRotateAnswerSchema,
  ProxyRotationSchema,
  ProxySchema,
  ProxyUpdateSchema,
  RenewalSchema,
  RenewRequestSchema,
  RotateAnswerSchema,
  TRAFFIC_RANGES,
  TrafficSchema,
  type TrafficRange,
} from '@proxy/contract/schemas/proxies';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { throttled } from '../../lib/messages.ts';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import {
  answerRotation,
  FARM_REFUSALS,
  ownerSettingsOf,
  type CustomerProxiesRepository,
  type FarmService,
  type NotificationWaits,
  REBOOT_DETAILS,
  rotationDetail,
  sendRotation,
} from '../farm/index.ts';
import type { OrdersService } from './orders-service.ts';

const proxyListQuery = jsonSchemaOf(listQuerySchema(PROXY_LIST));
const trafficQuery = {
  type: 'object',
  properties: { range: { type: 'string', enum: [...TRAFFIC_RANGES], default: '24h' } },
} as const;
const rotationsQuery = {
  type: 'object',
  properties: { page: { type: 'string' }, page_size: { type: 'string' } },
} as const;

type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };

/** "Change IP now" answers like the change-IP link: 200, or `{ok: false}` with 403, 404, 429, 502, 503, 504. */
const rotateAnswers = Object.fromEntries(
  [200, 403, 404, 429, 502, 503, 504].map((status) => [
    status,
    jsonSchemaOf(status === 200 ? ProxyRotateAnswerSchema : RotateAnswerSchema),
  ]),
);
/** A reboot answers the same, and 409 for a modem other customers use or one already rotating or rebooting. */
const rebootAnswers = { ...rotateAnswers, 409: jsonSchemaOf(RotateAnswerSchema) };

/** A new renewal is 201; the same key again answers 200 with it. Refusals: 402 short balance, 422 key reused. */
const renewed: Record<number, unknown> = {
  ...answers(RenewalSchema, 201),
  200: jsonSchemaOf(RenewalSchema),
  402: DetailSchema,
  422: DetailSchema,
};

export interface ProxyRoutesOptions {
  readonly orders: OrdersService;
  readonly farm: FarmService;
  readonly proxies: CustomerProxiesRepository;
  readonly waits: NotificationWaits;
  readonly rotationWaitMs: number;
  readonly publicUrl: string;
}

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

const proxyRoutes: FastifyPluginAsync<ProxyRoutesOptions> = async (app, options) => {
  const { orders, farm, proxies, waits, publicUrl } = options;
  const signedIn = { preHandler: app.requireAuthenticated };
  const changing = { preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('proxyChangeAccount')] };

  /** The proxy after a change, or the 404 of one that is not the customer's. */
  const answerProxy = async (request: FastifyRequest<IdRequest>, reply: FastifyReply, changed: boolean) => {
    const proxy = changed ? await proxies.get(request.params.id, userId(request)) : null;
    return proxy ?? notFound();
  };

  /**
   * When the next change of IP (or reboot) is allowed, read as the proxy's page reads it, right after a done one: the
   * answer carries it so the page counts down at once.
   */
  const cooldownEnd = async (request: FastifyRequest<IdRequest>, kind: 'rotate' | 'reboot') => {
    const proxy = await proxies.get(request.params.id, userId(request));
    return (kind === 'rotate' ? proxy?.rotate_available_at : proxy?.reboot?.available_at) ?? undefined;
  };

  app.get<{ Querystring: Query }>(
    '/api/proxies/',
    {
      ...signedIn,
      schema: { querystring: proxyListQuery, response: { 200: paginatedSchema(jsonSchemaOf(ProxySchema)) } },
    },
    async (request) => {
      const params = readListParams(PROXY_LIST, request.query);
      const count = await proxies.count(userId(request), params);
      return answerPage(request, publicUrl, count, (window) => proxies.list(userId(request), params, window));
    },
  );

  app.get('/api/proxies/choices/', { ...signedIn, schema: { response: answers(ProxyChoicesSchema) } }, (request) =>
    proxies.choices(userId(request)),
  );

  app.get<IdRequest>(
    '/api/proxies/:id/',
    { ...signedIn, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => answerProxy(request, reply, true),
  );

  app.patch<IdRequest>(
    '/api/proxies/:id/',
    { ...changing, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => {
      // The contract's schema keeps only the four fields the owner may change: an `owner_id`, `password` or
      // `expires_at` in the body is dropped, never written.
      const input = parseBody(ProxyUpdateSchema, request.body, request.language);
      const changed = await farm.updateSettings(
        request.params.id,
        { ownerId: userId(request) },
        ownerSettingsOf(input),
      );
      return answerProxy(request, reply, changed);
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/password/',
    { ...changing, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => {
      const password = await farm.regeneratePassword(request.params.id, { ownerId: userId(request) });
      return answerProxy(request, reply, password !== null);
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/login/',
    { ...changing, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => {
      const { login } = parseBody(ProxyLoginSchema, request.body, request.language);
      const changed = await farm.changeLogin(request.params.id, { ownerId: userId(request) }, login);
      return answerProxy(request, reply, changed);
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/rotate-link/',
    { ...changing, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => {
      const token = await farm.regenerateRotateToken(request.params.id, { ownerId: userId(request) });
      return answerProxy(request, reply, token !== null);
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/rotate/',
    { ...changing, schema: { params: idParams, response: rotateAnswers } },
    async (request, reply) => {
      const outcome = await farm.requestCustomerRotation(request.params.id, userId(request));
      const answer = await answerRotation(farm, waits, outcome, options.rotationWaitMs, request.log);
      const { error: _error, ...body } = answer.body;
      const detail = rotationDetail(answer.body, request.language);
      const availableAt = answer.status === 200 ? await cooldownEnd(request, 'rotate') : undefined;
      return sendRotation(reply, answer, {
        ...body,
        ...(detail === undefined ? {} : { detail }),
        ...(availableAt ? { available_at: availableAt } : {}),
      });
    },
  );

  app.post<IdRequest>(
    '/api/proxies/:id/reboot/',
    { ...changing, schema: { params: idParams, response: rebootAnswers } },
    async (request, reply) => {
      const outcome = await farm.requestCustomerReboot(request.params.id, userId(request));
      if (outcome.kind === 'started') request.log.info({ rotationId: outcome.rotationId }, 'modem reboot requested');
      const answer = await answerRotation(farm, waits, outcome, options.rotationWaitMs, request.log);
      // Unlike "change IP now", the code stays beside the words: the page tells a shared modem from a busy one.
      const detail = rotationDetail(answer.body, request.language, REBOOT_DETAILS);
      const availableAt = answer.status === 200 ? await cooldownEnd(request, 'reboot') : undefined;
      return sendRotation(reply, answer, {
        ...answer.body,
        ...(detail === undefined ? {} : { detail }),
        ...(availableAt ? { available_at: availableAt } : {}),
      });
    },
  );

  /**
   * "Check now": the modem's agent measures it at once and the answer is the proxy with that check as its `health`.
   * 429 with `Retry-After` within `CHECK_COOLDOWN_SECONDS` of the proxy's last ask, 403 for a proxy not served, 504
   * when the agent has not answered within the wait (it still will: the page shows the result on its next read).
   */
  app.post<IdRequest>(
    '/api/proxies/:id/check/',
    { ...changing, schema: { params: idParams, response: answers(ProxySchema) } },
    async (request, reply) => {
      const outcome = await farm.requestCustomerCheck(request.params.id, userId(request));
      if (outcome.kind === 'unknown') return notFound();
      if (outcome.kind === 'inactive') throw FARM_REFUSALS.checkInactive();
      if (outcome.kind === 'wait') {
        const seconds = outcome.seconds;
        throw new HttpError(
          429,
          { detail: throttled(seconds, request.language), wait_seconds: seconds },
          { 'retry-after': String(seconds) },
        );
      }
      const deadline = Date.now() + options.rotationWaitMs;
      while (await farm.checkPending(outcome.checkId)) {
        const left = deadline - Date.now();
        if (left <= 0) throw FARM_REFUSALS.checkTimeout();
        // Woken by the agent's result; a notification missed costs a slice, never the answer.
        await waits.wait(`c${outcome.checkId}`, Math.min(1_000, left));
      }
      return answerProxy(request, reply, true);
    },
  );

  app.get<IdRequest & { Querystring: Query }>(
    '/api/proxies/:id/rotations/',
    {
      ...signedIn,
      schema: {
        params: idParams,
        querystring: rotationsQuery,
        response: { 200: paginatedSchema(jsonSchemaOf(ProxyRotationSchema)), 404: DetailSchema },
      },
    },
    async (request) => {
      const proxy = await proxies.get(request.params.id, userId(request));
      if (!proxy) return notFound();
      const count = await proxies.countRotations(proxy.id);
      return answerPage(request, publicUrl, count, (window) => proxies.rotations(proxy.id, window));
    },
  );

  app.get<IdRequest & { Querystring: { range: TrafficRange } }>(
    '/api/proxies/:id/traffic/',
    { ...signedIn, schema: { params: idParams, querystring: trafficQuery, response: answers(TrafficSchema) } },
    async (request) => {
      const proxy = await proxies.get(request.params.id, userId(request));
      if (!proxy) return notFound();
      return proxies.traffic(proxy.id, request.query.range);
    },
  );

  app.post(
    '/api/proxies/renew/quote/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('quoteAccount')],
      schema: { response: answers(RenewalSchema) },
    },
    async (request) => {
      const { language } = request;
      const input = parseBody(RenewRequestSchema, request.body, language);
      return orders.quoteRenewal(userId(request), input);
    },
  );

  app.post(
    '/api/proxies/renew/',
    {
      preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('orderAccount')],
      schema: { response: renewed },
    },
    async (request, reply) => {
      const { language } = request;
      const key = requiredIdempotencyKey(request);
      const input = parseBody(RenewRequestSchema, request.body, language);
      const { renewal, created } = await orders.renew(userId(request), input, key);
      if (created) {
        request.log.info({ proxies: renewal.lines.length, total: renewal.total }, 'proxies renewed');
        reply.code(201);
      }
      return renewal;
    },
  );
};

export default proxyRoutes;
