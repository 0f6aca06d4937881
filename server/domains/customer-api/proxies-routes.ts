/**
 * `/api/v1/proxies/`: the customer's proxies for scripts — the list with the IP list's filters, one proxy, its
 * settings, a new password or change-IP link, and "change IP now" (the link's cooldown). Each calls what the account's
 * own proxy routes call (the farm's service and the customer's proxies repository): the rules live there. Another
 * customer's proxy is a 404, as there.
 */
import type { Language } from '@proxy/contract/languages';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  PROXY_LIST,
  ProxyLoginSchema,
  ProxyRotationSchema,
  ProxySchema,
  ProxyUpdateSchema,
  RotateAnswerSchema,
  TRAFFIC_RANGES,
  TrafficSchema,
  type TrafficRange,
} from '@proxy/contract/schemas/proxies';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorCode } from '../../lib/api-error.ts';
import { parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimited, throttled } from '../../lib/messages.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import {
  answerRotation,
  FARM_REFUSALS,
  ownerSettingsOf,
  REBOOT_DETAILS,
  rotationDetail,
  sendRotation,
  type CustomerProxiesRepository,
  type FarmService,
  type NotificationWaits,
} from '../farm/index.ts';
import { checkErrorAnswers, errorAnswers, rebootErrorAnswers } from './error-shape.ts';
import { scopeGuard } from './guard.ts';

/**
 * A rotation or reboot refused within its cooldown, in the API's own 429 words (lib/api-error.ts): these answers are
 * sent as they are, not through the errors plugin that words every other 429 of the API.
 */
const cooldownText = (body: { readonly wait_seconds?: number }, language: Language) =>
  body.wait_seconds === undefined ? undefined : rateLimited(body.wait_seconds, language);

export const proxyListQuery = jsonSchemaOf(listQuerySchema(PROXY_LIST));
const pageQuery = {
  type: 'object',
  properties: { page: { type: 'string' }, page_size: { type: 'string' } },
} as const;
const trafficQuery = {
  type: 'object',
  properties: { range: { type: 'string', enum: [...TRAFFIC_RANGES], default: '24h' } },
} as const;

export interface CustomerApiProxyOptions {
  readonly farm: FarmService;
  readonly proxies: CustomerProxiesRepository;
  readonly waits: NotificationWaits;
  readonly rotationWaitMs: number;
  readonly publicUrl: string;
}

type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };
const ownerOf = (request: FastifyRequest) => (request.user as { id: number }).id;

const proxiesRoutes: FastifyPluginAsync<CustomerApiProxyOptions> = async (app, options) => {
  const { farm, proxies, waits, publicUrl } = options;
  const proxyAnswer = { 200: jsonSchemaOf(ProxySchema), ...errorAnswers };
  const changing = [scopeGuard('proxies:write'), app.rateLimit.perAccount('proxyChangeAccount')];
  const current = async (request: FastifyRequest<IdRequest>, changed = true) =>
    (changed ? await proxies.get(request.params.id, ownerOf(request)) : null) ?? notFound();

  app.get<{ Querystring: Query }>(
    '/api/v1/proxies/',
    {
      config: {
        openapi: {
          operationId: 'listProxies',
          summary: 'List your proxies (filters as on the IP list)',
          ru: { summary: 'Список ваших прокси (фильтры как в списке IP)' },
        },
      },
      preHandler: scopeGuard('proxies:read'),
      schema: {
        querystring: proxyListQuery,
        response: { 200: paginatedSchema(jsonSchemaOf(ProxySchema)), ...errorAnswers },
      },
    },
    async (request) => {
      const params = readListParams(PROXY_LIST, request.query);
      const count = await proxies.count(ownerOf(request), params);
      return answerPage(request, publicUrl, count, (window) => proxies.list(ownerOf(request), params, window));
    },
  );

  app.get<IdRequest>(
    '/api/v1/proxies/:id/',
    {
      config: {
        openapi: {
          operationId: 'getProxy',
          summary: 'One proxy, with everything needed to connect',
          ru: { summary: 'Один прокси со всем, что нужно для подключения' },
        },
      },
      preHandler: scopeGuard('proxies:read'),
      schema: { params: idParams, response: proxyAnswer },
    },
    (request) => current(request),
  );

  app.patch<IdRequest>(
    '/api/v1/proxies/:id/',
    {
      config: {
        openapi: {
          operationId: 'updateProxy',
          summary: 'Change the whitelist, auto-rotation, comment or auto-renewal',
          ru: { summary: 'Изменить белый список, автосмену IP, комментарий или автопродление' },
          body: ProxyUpdateSchema,
        },
      },
      preHandler: changing,
      schema: {
        params: idParams,
        response: proxyAnswer,
      },
    },
    async (request) => {
      const input = parseBody(ProxyUpdateSchema, request.body, request.language);
      const changed = await farm.updateSettings(
        request.params.id,
        { ownerId: ownerOf(request) },
        ownerSettingsOf(input),
      );
      return current(request, changed);
    },
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/password/',
    {
      config: {
        openapi: {
          operationId: 'regenerateProxyPassword',
          summary: 'Give the proxy a new password',
          ru: { summary: 'Выдать прокси новый пароль' },
        },
      },
      preHandler: changing,
      schema: { params: idParams, response: proxyAnswer },
    },
    async (request) =>
      current(request, (await farm.regeneratePassword(request.params.id, { ownerId: ownerOf(request) })) !== null),
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/rotate-link/',
    {
      config: {
        openapi: {
          operationId: 'regenerateRotateLink',
          summary: 'Give the proxy a new change-IP link',
          ru: { summary: 'Выдать прокси новую ссылку смены IP' },
        },
      },
      preHandler: changing,
      schema: { params: idParams, response: proxyAnswer },
    },
    async (request) =>
      current(request, (await farm.regenerateRotateToken(request.params.id, { ownerId: ownerOf(request) })) !== null),
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/rotate/',
    {
      config: {
        openapi: {
          operationId: 'rotateProxy',
          summary: 'Change the IP now (the change-IP link’s cooldown applies)',
          ru: { summary: 'Сменить IP сейчас (с паузой, как у ссылки смены IP)' },
        },
      },
      preHandler: [scopeGuard('proxies:rotate'), app.rateLimit.perAccount('proxyChangeAccount')],
      schema: {
        params: idParams,
        response: { 200: jsonSchemaOf(RotateAnswerSchema), ...errorAnswers },
      },
    },
    async (request, reply) => {
      const outcome = await farm.requestCustomerRotation(request.params.id, ownerOf(request));
      const answer = await answerRotation(farm, waits, outcome, options.rotationWaitMs, request.log);
      if (answer.body.ok) return sendRotation(reply, answer, { ok: true, ip: answer.body.ip });
      // The farm's own code (`proxy_inactive`, `modem_unavailable`…) is more use to a script than the status's.
      const code = answer.status === 429 ? errorCode(429) : (answer.body.error ?? errorCode(answer.status));
      const text = cooldownText(answer.body, request.language) ?? rotationDetail(answer.body, request.language) ?? code;
      return sendRotation(reply, answer, { error: { code, message: text } });
    },
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/login/',
    {
      config: {
        openapi: {
          operationId: 'changeProxyLogin',
          summary: 'Give the proxy a login of your own',
          description:
            'Scope `proxies:write`. The login is `u` and 9 lower-case letters or digits, unique: one another proxy ' +
            'has is a 400 on `login`. The agent refuses the old login within seconds.',
          ru: {
            summary: 'Задать прокси свой логин',
            description:
              'Право `proxies:write`. Логин — `u` и 9 строчных латинских букв или цифр, уникальный: занятый другим ' +
              'прокси — ответ 400 по полю `login`. Старый логин агент перестаёт принимать через несколько секунд.',
          },
          body: ProxyLoginSchema,
        },
      },
      preHandler: changing,
      schema: { params: idParams, response: proxyAnswer },
    },
    async (request) => {
      const { login } = parseBody(ProxyLoginSchema, request.body, request.language);
      return current(request, await farm.changeLogin(request.params.id, { ownerId: ownerOf(request) }, login));
    },
  );

  // A reboot changes the address as a rotation does, only harder: the same `proxies:rotate` scope, so a key made for
  // changing IPs can also unstick a modem; its own cooldown (the site's) applies.
  app.post<IdRequest>(
    '/api/v1/proxies/:id/reboot/',
    {
      config: {
        openapi: {
          operationId: 'rebootProxy',
          summary: 'Reboot the proxy’s modem (its own cooldown applies)',
          description:
            'Scope `proxies:rotate`. Open connections are closed; the answer is the new IP once the modem is back. ' +
            '409 `modem_shared` when other customers use the modem (support reboots it), `modem_busy` when it is ' +
            'already rotating or rebooting; 429 with `Retry-After` within the cooldown.',
          ru: {
            summary: 'Перезагрузить модем прокси (со своей паузой между перезагрузками)',
            description:
              'Право `proxies:rotate`. Открытые соединения закрываются; ответ — новый IP, когда модем вернётся. ' +
              '409 `modem_shared`, если модемом пользуются и другие клиенты (перезагрузит поддержка), `modem_busy`, ' +
              'если он уже меняет IP или перезагружается; 429 с `Retry-After` во время паузы.',
          },
        },
      },
      preHandler: [scopeGuard('proxies:rotate'), app.rateLimit.perAccount('proxyChangeAccount')],
      schema: { params: idParams, response: { 200: jsonSchemaOf(RotateAnswerSchema), ...rebootErrorAnswers } },
    },
    async (request, reply) => {
      const outcome = await farm.requestCustomerReboot(request.params.id, ownerOf(request));
      if (outcome.kind === 'started') request.log.info({ rotationId: outcome.rotationId }, 'modem reboot requested');
      const answer = await answerRotation(farm, waits, outcome, options.rotationWaitMs, request.log);
      if (answer.body.ok) return sendRotation(reply, answer, { ok: true, ip: answer.body.ip });
      const code = answer.status === 429 ? errorCode(429) : (answer.body.error ?? errorCode(answer.status));
      const text =
        cooldownText(answer.body, request.language) ??
        rotationDetail(answer.body, request.language, REBOOT_DETAILS) ??
        code;
      return sendRotation(reply, answer, { error: { code, message: text } });
    },
  );

  // Checking is an action on the modem with a cooldown, not a read: `proxies:rotate`, the scope of a monitoring
  // script that changes the IP of a proxy that stopped working.
  app.post<IdRequest>(
    '/api/v1/proxies/:id/check/',
    {
      config: {
        openapi: {
          operationId: 'checkProxy',
          summary: 'Check now whether the proxy works',
          description:
            'Scope `proxies:rotate`. The modem’s agent makes a request through it at once; the answer is the proxy ' +
            'with that check as its `health`. Once per 30 seconds per proxy (429 with `Retry-After`); 504 when the ' +
            'agent has not answered in time (the result then shows on the proxy later).',
          ru: {
            summary: 'Проверить сейчас, работает ли прокси',
            description:
              'Право `proxies:rotate`. Агент модема сразу делает запрос через него; ответ — прокси с этой проверкой ' +
              'в `health`. Не чаще раза в 30 секунд на прокси (429 с `Retry-After`); 504, если агент не ответил ' +
              'вовремя (результат тогда появится у прокси позже).',
          },
        },
      },
      preHandler: [scopeGuard('proxies:rotate'), app.rateLimit.perAccount('proxyChangeAccount')],
      schema: { params: idParams, response: { 200: jsonSchemaOf(ProxySchema), ...checkErrorAnswers } },
    },
    async (request) => {
      const outcome = await farm.requestCustomerCheck(request.params.id, ownerOf(request));
      if (outcome.kind === 'unknown') return notFound();
      if (outcome.kind === 'inactive') throw FARM_REFUSALS.checkInactive();
      if (outcome.kind === 'wait') {
        // No `wait_seconds` beside the words: the API's error shape has `Retry-After` for that.
        throw new HttpError(
          429,
          { detail: throttled(outcome.seconds, request.language) },
          { 'retry-after': String(outcome.seconds) },
        );
      }
      const deadline = Date.now() + options.rotationWaitMs;
      while (await farm.checkPending(outcome.checkId)) {
        const left = deadline - Date.now();
        if (left <= 0) throw FARM_REFUSALS.checkTimeout();
        // Woken by the agent's result; a notification missed costs a slice, never the answer.
        await waits.wait(`c${outcome.checkId}`, Math.min(1_000, left));
      }
      return current(request);
    },
  );

  app.get<IdRequest & { Querystring: Query }>(
    '/api/v1/proxies/:id/rotations/',
    {
      config: {
        openapi: {
          operationId: 'listProxyRotations',
          summary: 'The proxy’s IP changes while it was yours',
          ru: { summary: 'Смены IP прокси, пока он был вашим' },
        },
      },
      preHandler: scopeGuard('proxies:read'),
      schema: {
        params: idParams,
        querystring: pageQuery,
        response: { 200: paginatedSchema(jsonSchemaOf(ProxyRotationSchema)), ...errorAnswers },
      },
    },
    async (request) => {
      const proxy = await current(request);
      const count = await proxies.countRotations(proxy.id);
      return answerPage(request, publicUrl, count, (window) => proxies.rotations(proxy.id, window));
    },
  );

  app.get<IdRequest & { Querystring: { range: TrafficRange } }>(
    '/api/v1/proxies/:id/traffic/',
    {
      config: {
        openapi: {
          operationId: 'getProxyTraffic',
          summary: 'Bytes through the proxy, by hour or by day',
          ru: { summary: 'Трафик через прокси по часам или по дням' },
        },
      },
      preHandler: scopeGuard('proxies:read'),
      schema: {
        params: idParams,
        querystring: trafficQuery,
        response: { 200: jsonSchemaOf(TrafficSchema), ...errorAnswers },
      },
    },
    async (request) => proxies.traffic((await current(request)).id, request.query.range),
  );
};

export default proxiesRoutes;
