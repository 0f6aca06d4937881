/**
 * The customer's orders: the quote, placing an order (with a required `Idempotency-Key`), and their own orders. Another
 * customer's order is a 404.
 */
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import {
  ORDER_LIST,
  type Order,
  OrderCreateSchema,
  OrderRequestSchema,
  OrderSchema,
  QuoteSchema,
} from '@proxy/contract/schemas/orders';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { DetailSchema, jsonSchemaOf } from '../../lib/schemas.ts';
import type { OrdersService } from './orders-service.ts';
import { ordersRepository } from './orders-repository.ts';

const orderListQuery = jsonSchemaOf(listQuerySchema(ORDER_LIST));
type Query = Record<string, string | undefined>;

/** A new order is 201; the same key again answers 200 with the order it made. Refusals: 402, 409, 422. */
const placed: Record<number, unknown> = {
  ...answers(OrderSchema, 201),
  200: jsonSchemaOf(OrderSchema),
  402: DetailSchema,
  409: DetailSchema,
  422: DetailSchema,
};

export interface OrderRoutesOptions {
  readonly orders: OrdersService;
  readonly publicUrl: string;
}

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { orders, publicUrl } = options;
  const repository = ordersRepository(app.db);
  const signedIn = (rule: 'orderAccount' | 'quoteAccount') => ({
    preHandler: [app.requireAuthenticated, app.rateLimit.perAccount(rule)],
  });

  app.post(
    '/api/orders/quote/',
    { ...signedIn('quoteAccount'), schema: { response: answers(QuoteSchema) } },
    async (request) => {
      const { language } = request;
      const input = parseBody(OrderRequestSchema, request.body, language);
      return orders.quote(userId(request), input, language);
    },
  );

  app.post('/api/orders/', { ...signedIn('orderAccount'), schema: { response: placed } }, async (request, reply) => {
    const { language } = request;
    const key = requiredIdempotencyKey(request);
    const input = parseBody(OrderCreateSchema, request.body, language);
    const { id, created } = await orders.place(userId(request), input, key);
    if (created) {
      request.log.info({ orderId: id, quantity: input.quantity }, 'order placed');
      reply.code(201);
    }
    return (await repository.get(id, userId(request))) as Order;
  });

  app.get<{ Querystring: Query }>(
    '/api/orders/',
    {
      preHandler: app.requireAuthenticated,
      schema: { querystring: orderListQuery, response: { 200: paginatedSchema(jsonSchemaOf(OrderSchema)) } },
    },
    async (request) => {
      const params = readListParams(ORDER_LIST, request.query);
      const count = await repository.count(userId(request), params);
      return answerPage(request, publicUrl, count, (window) => repository.list(userId(request), params, window));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/orders/:id/',
    { preHandler: app.requireAuthenticated, schema: { params: idParams, response: answers(OrderSchema) } },
    async (request) => (await repository.get(request.params.id, userId(request))) ?? notFound(),
  );
};

export default orderRoutes;
