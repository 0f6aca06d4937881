/**
 * `/api/v1/` buying: the stock and price list (any key), the quote and the order (`orders:write`, the order with a
 * required `Idempotency-Key`: a retried request answers the order it made, never buys twice), and renewals. The orders
 * domain's service decides everything, under its locks; these routes only pass the key's owner.
 */
import {
  OrderCreateSchema,
  OrderRequestSchema,
  OrderSchema,
  QuoteSchema,
  StockSchema,
  type Order,
} from '@proxy/contract/schemas/orders';
import { RenewalSchema, RenewRequestSchema } from '@proxy/contract/schemas/proxies';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { ordersRepository, type OrdersService, type StockReader } from '../orders/index.ts';
import { errorAnswers, paymentErrorAnswers } from './error-shape.ts';
import { scopeGuard } from './guard.ts';

export interface CustomerApiOrderOptions {
  readonly orders: OrdersService;
  readonly stock: StockReader;
}

const ownerOf = (request: FastifyRequest) => (request.user as { id: number }).id;

const ordersRoutes: FastifyPluginAsync<CustomerApiOrderOptions> = async (app, options) => {
  const { orders, stock } = options;
  const repository = ordersRepository(app.db);
  const quoting = [scopeGuard('orders:write'), app.rateLimit.perAccount('quoteAccount')];
  const paying = [scopeGuard('orders:write'), app.rateLimit.perAccount('orderAccount')];

  app.get(
    '/api/v1/stock/',
    {
      config: {
        openapi: {
          operationId: 'getStock',
          summary: 'Free modems per place and the price list',
          ru: { summary: 'Свободные модемы по местам и цены' },
        },
      },
      preHandler: scopeGuard(null),
      schema: { response: { 200: jsonSchemaOf(StockSchema), ...errorAnswers } },
    },
    (request) => stock(request.language),
  );

  app.post(
    '/api/v1/orders/quote/',
    {
      config: {
        openapi: {
          operationId: 'quoteOrder',
          summary: 'What an order would cost now',
          ru: { summary: 'Сколько заказ стоил бы сейчас' },
          body: OrderRequestSchema,
        },
      },
      preHandler: quoting,
      schema: { response: { 200: jsonSchemaOf(QuoteSchema), ...errorAnswers } },
    },
    async (request) => {
      const input = parseBody(OrderRequestSchema, request.body, request.language);
      return orders.quote(ownerOf(request), input, request.language);
    },
  );

  app.post(
    '/api/v1/orders/',
    {
      config: {
        openapi: {
          operationId: 'placeOrder',
          summary: 'Order proxies, paid from the balance',
          ru: { summary: 'Заказать прокси с оплатой с баланса' },
          body: OrderCreateSchema,
          idempotent: true,
        },
      },
      preHandler: paying,
      schema: {
        response: { 200: jsonSchemaOf(OrderSchema), 201: jsonSchemaOf(OrderSchema), ...paymentErrorAnswers },
      },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const input = parseBody(OrderCreateSchema, request.body, request.language);
      const { id, created } = await orders.place(ownerOf(request), input, key);
      if (created) {
        request.log.info({ orderId: id, quantity: input.quantity, apiKey: request.apiKey?.id }, 'order placed');
        reply.code(201);
      }
      return (await repository.get(id, ownerOf(request))) as Order;
    },
  );

  app.post(
    '/api/v1/proxies/renew/quote/',
    {
      config: {
        openapi: {
          operationId: 'quoteRenewal',
          summary: 'What renewing these proxies would cost now',
          ru: { summary: 'Сколько сейчас стоило бы продление этих прокси' },
          body: RenewRequestSchema,
        },
      },
      preHandler: quoting,
      schema: { response: { 200: jsonSchemaOf(RenewalSchema), ...errorAnswers } },
    },
    async (request) => {
      const input = parseBody(RenewRequestSchema, request.body, request.language);
      return orders.quoteRenewal(ownerOf(request), input);
    },
  );

  app.post(
    '/api/v1/proxies/renew/',
    {
      config: {
        openapi: {
          operationId: 'renewProxies',
          summary: 'Renew proxies, paid from the balance',
          ru: { summary: 'Продлить прокси с оплатой с баланса' },
          body: RenewRequestSchema,
          idempotent: true,
        },
      },
      preHandler: paying,
      schema: {
        response: { 200: jsonSchemaOf(RenewalSchema), 201: jsonSchemaOf(RenewalSchema), ...paymentErrorAnswers },
      },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const input = parseBody(RenewRequestSchema, request.body, request.language);
      const { renewal, created } = await orders.renew(ownerOf(request), input, key);
      if (created) {
        request.log.info(
          { proxies: renewal.lines.length, total: renewal.total, apiKey: request.apiKey?.id },
          'renewed',
        );
        reply.code(201);
      }
      return renewal;
    },
  );
};

export default ordersRoutes;
