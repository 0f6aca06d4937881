/**
 * The panel's Users section API (`/api/panel/users/`, staff only): the list, one account, its edits, balance
 * adjustments, block and unblock, the audit of its changes, and its proxies, orders and ledger to read; and every
 * customer's orders, proxies and renewals (`/api/panel/orders/`, `/api/panel/proxies/`, `/api/panel/renewals/`), the
 * lists the panel home's sales and money figures open (#33, #49).
 */
import type { Currency } from '@proxy/contract/money';
import { USER_PERMISSIONS } from '@proxy/contract/permissions';
import { LEDGER_LIST, LedgerEntrySchema } from '@proxy/contract/schemas/billing';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import { ORDER_LIST, OrderSchema, PANEL_ORDER_LIST, PanelOrderRowSchema } from '@proxy/contract/schemas/orders';
import {
  PANEL_PROXY_LIST,
  PANEL_RENEWAL_LIST,
  PanelProxyRowSchema,
  PanelProxySchema,
  PanelRenewalRowSchema,
  PROXY_LIST,
} from '@proxy/contract/schemas/proxies';
import {
  BalanceAdjustmentSchema,
  PANEL_USER_LIST,
  PanelUserDetailSchema,
  PanelUserSchema,
  PanelUserUpdateSchema,
  UserAuditEntrySchema,
} from '@proxy/contract/schemas/users';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db.ts';
import { userAuditRepository, type User } from '../accounts/index.ts';
import { ledgerRepository } from '../billing/index.ts';
import { customerProxiesRepository } from '../farm/index.ts';
import { ordersRepository, renewalsRepository } from '../orders/index.ts';
import { parseBody } from '../../lib/drf-errors.ts';
import { idempotencyKey } from '../../lib/idempotency.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { peopleRepository } from './people-repository.ts';
import type { PeopleService } from './people-service.ts';

type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };
type IdListRequest = { Params: { id: number }; Querystring: Query };

export interface PeopleRoutesOptions {
  readonly people: PeopleService;
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly now?: () => number;
}

/** The fields of an account that are its rights: changing them needs a fresh second factor. */
const RIGHTS = ['permissions', 'is_staff', 'is_superuser'] as const;

const panelRoutes: FastifyPluginAsync<PeopleRoutesOptions> = async (app, options) => {
  const { people, publicUrl } = options;
  const repository = peopleRepository(app.db, options.currency);
  const clock = options.now ? { now: options.now } : {};
  const proxies = customerProxiesRepository(app.db, { publicUrl, ...clock });
  const orders = ordersRepository(app.db);
  const ledger = ledgerRepository(app.db);
  const audit = userAuditRepository(app.db);
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const actor = (request: FastifyRequest) => request.user as User;
  const item = jsonSchemaOf(PanelUserDetailSchema);
  const detail = async (id: number, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return (await repository.get(id)) ?? notFound();
  };
  // An account that is not there answers 404 before its lists are read (an empty list would say it exists).
  const exists = async (id: number) => (await repository.get(id)) !== null;
  // A list of every customer's rows searched by e-mail is read as the accounts are (`people.searchByEmail`).
  const readAll = <T>(search: string | undefined, read: (q: Queryable) => Promise<T>) =>
    search ? people.searchByEmail(read) : read(app.db);

  app.get<{ Querystring: Query }>(
    '/api/panel/users/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(PANEL_USER_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(PanelUserSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(PANEL_USER_LIST, request.query);
      if (!params.search) {
        const count = await repository.count(params);
        return answerPage(request, publicUrl, count, (window) => repository.list(params, window));
      }
      return people.search(async (found) => {
        const count = await found.count(params);
        return answerPage(request, publicUrl, count, (window) => found.list(params, window));
      });
    },
  );

  app.get<IdRequest>(
    '/api/panel/users/:id/',
    { ...can(USER_PERMISSIONS.view), schema: { params: idParams, response: answers(PanelUserDetailSchema) } },
    (request, reply) => detail(request.params.id, request, reply),
  );

  app.patch<IdRequest>(
    '/api/panel/users/:id/',
    {
      ...can(USER_PERMISSIONS.change),
      schema: { params: idParams, response: { ...answers(PanelUserDetailSchema), 200: item } },
    },
    async (request, reply) => {
      const { language } = request;
      const changes = parseBody(PanelUserUpdateSchema, request.body, language);
      // Rights are money's equal (issue #48): a fresh second factor to change them.
      if (RIGHTS.some((field) => field in changes)) await app.requireStepUp(request);
      const found = await people.update(actor(request), request.params.id, changes, request.stepUp?.method);
      if (!found) return notFound();
      request.log.info({ userId: request.params.id, fields: Object.keys(changes) }, 'staff changed an account');
      return detail(request.params.id, request, reply);
    },
  );

  app.post<IdRequest>(
    '/api/panel/users/:id/balance/',
    {
      preHandler: [app.requirePermission(USER_PERMISSIONS.changeBalance), app.requireStepUp],
      schema: { params: idParams, response: answers(PanelUserDetailSchema) },
    },
    async (request, reply) => {
      const { language } = request;
      const { amount, reason } = parseBody(BalanceAdjustmentSchema, request.body, language);
      // A retry of an adjustment whose answer was lost must not credit twice (the panel sends a key per attempt).
      const key = idempotencyKey(request);
      const factor = request.stepUp?.method;
      const found = await people.adjustBalance(actor(request), request.params.id, amount, reason, key, factor);
      if (!found) return notFound();
      request.log.info({ userId: request.params.id, amount }, 'staff adjusted a balance');
      return detail(request.params.id, request, reply);
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post<IdRequest>(
      `/api/panel/users/:id/${action}/`,
      { ...can(USER_PERMISSIONS.change), schema: { params: idParams, response: answers(PanelUserDetailSchema) } },
      async (request, reply) => {
        const found = await people[action](actor(request), request.params.id);
        if (!found) return notFound();
        request.log.info({ userId: request.params.id }, `staff: ${action}`);
        return detail(request.params.id, request, reply);
      },
    );
  }

  app.get<IdListRequest>(
    '/api/panel/users/:id/audit/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: { params: idParams, response: { 200: paginatedSchema(jsonSchemaOf(UserAuditEntrySchema)) } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await exists(id))) return notFound();
      const count = await audit.count(id);
      return answerPage(request, publicUrl, count, (window) => audit.list(id, window));
    },
  );

  app.get<IdListRequest>(
    '/api/panel/users/:id/proxies/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        params: idParams,
        querystring: jsonSchemaOf(listQuerySchema(PROXY_LIST)),
        // The customer's credentials stay out: the serializer writes only what the schema names.
        response: { 200: paginatedSchema(jsonSchemaOf(PanelProxySchema)) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await exists(id))) return notFound();
      const params = readListParams(PROXY_LIST, request.query);
      const count = await proxies.count(id, params);
      reply.header('cache-control', 'no-store');
      return answerPage(request, publicUrl, count, (window) => proxies.list(id, params, window));
    },
  );

  app.get<IdListRequest>(
    '/api/panel/users/:id/orders/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        params: idParams,
        querystring: jsonSchemaOf(listQuerySchema(ORDER_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(OrderSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await exists(id))) return notFound();
      const params = readListParams(ORDER_LIST, request.query);
      const count = await orders.count(id, params);
      return answerPage(request, publicUrl, count, (window) => orders.list(id, params, window));
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/panel/orders/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(PANEL_ORDER_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(PanelOrderRowSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(PANEL_ORDER_LIST, request.query);
      return readAll(params.search, async (q) => {
        const all = ordersRepository(q);
        const count = await all.count(null, params);
        return answerPage(request, publicUrl, count, (window) => all.list(null, params, window));
      });
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/panel/renewals/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(PANEL_RENEWAL_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(PanelRenewalRowSchema)) },
      },
    },
    async (request) => {
      const params = readListParams(PANEL_RENEWAL_LIST, request.query);
      return readAll(params.search, async (q) => {
        const all = renewalsRepository(q);
        const count = await all.count(params);
        return answerPage(request, publicUrl, count, (window) => all.list(params, window));
      });
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/panel/proxies/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        querystring: jsonSchemaOf(listQuerySchema(PANEL_PROXY_LIST)),
        // The customers' credentials stay out: the serializer writes only what the schema names.
        response: { 200: paginatedSchema(jsonSchemaOf(PanelProxyRowSchema)) },
      },
    },
    async (request, reply) => {
      const params = readListParams(PANEL_PROXY_LIST, request.query);
      reply.header('cache-control', 'no-store');
      return readAll(params.search, async (q) => {
        const all = customerProxiesRepository(q, { publicUrl, ...clock });
        const count = await all.count(null, params);
        return answerPage(request, publicUrl, count, (window) => all.list(null, params, window));
      });
    },
  );

  app.get<IdListRequest>(
    '/api/panel/users/:id/ledger/',
    {
      ...can(USER_PERMISSIONS.view),
      schema: {
        params: idParams,
        querystring: jsonSchemaOf(listQuerySchema(LEDGER_LIST)),
        response: { 200: paginatedSchema(jsonSchemaOf(LedgerEntrySchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await exists(id))) return notFound();
      const params = readListParams(LEDGER_LIST, request.query);
      const count = await ledger.count(id, params);
      return answerPage(request, publicUrl, count, (window) => ledger.list(id, params, window, request.language));
    },
  );
};

export default panelRoutes;
