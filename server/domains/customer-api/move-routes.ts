/**
 * Moving a proxy to another place in the customer API (#29, #30): `GET /api/v1/proxies/{id}/move` (the quote) and
 * `POST /api/v1/proxies/{id}/move` with an `Idempotency-Key`, over the site's own moves service, so the same rules,
 * locks, fee and cooldown hold. Scope `proxies:write`: a move changes the proxy as its settings do; one with a fee
 * spends the balance, and needs `orders:write` too.
 */
import type { Currency } from '@proxy/contract/money';
import { MoveQuoteSchema, MoveRequestSchema, MoveSchema } from '@proxy/contract/schemas/moves';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { throttled } from '../../lib/messages.ts';
import { idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { MoveCooldown, type MovesService } from '../orders/index.ts';
import { errorAnswers, paymentErrorAnswers } from './error-shape.ts';
import { scopeGuard } from './guard.ts';
import { CUSTOMER_API_REFUSALS } from './refusals.ts';

type IdRequest = { Params: { id: number } };
const ownerOf = (request: FastifyRequest) => (request.user as { id: number }).id;

const placeQuery = {
  type: 'object',
  properties: { country: { type: 'string' }, city: { type: 'string' }, operator: { type: 'string' } },
} as const;

const moveRoutes: FastifyPluginAsync<{ readonly moves: MovesService }> = async (app, { moves }) => {
  /**
   * A move with a fee spends the balance as an order does, so it needs `orders:write` besides `proxies:write`: a key
   * made to look after proxies cannot spend the money (#43). A free move (the same plan) needs `proxies:write` only.
   * Judged inside the move's transaction, on the fee it would take.
   */
  const refusePaidMoveWithoutOrders = (request: FastifyRequest<IdRequest>) => (fee: number, currency: Currency) => {
    if (fee > 0 && !request.apiKey?.scopes.includes('orders:write')) {
      throw CUSTOMER_API_REFUSALS.paidMoveScope({ fee, currency });
    }
  };

  app.get<IdRequest & { Querystring: Record<string, string | undefined> }>(
    '/api/v1/proxies/:id/move/',
    {
      config: {
        openapi: {
          operationId: 'quoteProxyMove',
          summary: 'What moving the proxy to another place would do now',
          description:
            'Scope `proxies:write`. Free modems at the place, the price of the proxy’s period here and there, the ' +
            'fee (none within the same plan) and whether the ports change. Changes nothing.',
          ru: {
            summary: 'Что сейчас сделал бы перенос прокси в другое место',
            description:
              'Право `proxies:write`. Свободные модемы в месте, цена срока прокси здесь и там, плата (в пределах ' +
              'одного тарифа её нет) и изменятся ли порты. Ничего не меняет.',
          },
        },
      },
      preHandler: [scopeGuard('proxies:write'), app.rateLimit.perAccount('quoteAccount')],
      schema: {
        params: idParams,
        querystring: placeQuery,
        response: { 200: jsonSchemaOf(MoveQuoteSchema), ...errorAnswers },
      },
    },
    async (request) => {
      const to = parseBody(MoveRequestSchema, request.query, request.language);
      return (await moves.quote(ownerOf(request), request.params.id, to)) ?? notFound();
    },
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/move/',
    {
      config: {
        openapi: {
          operationId: 'moveProxy',
          summary: 'Move the proxy to another place, keeping its id, login and password',
          description:
            'Scope `proxies:write`, and `orders:write` too for a move with a fee (403 without it). The proxy goes ' +
            'to a free modem of the country, city and operator; the fee, when the place is priced by another plan, ' +
            'is taken from the balance (402 saying how much is missing). The ' +
            'ports change when the new modem is on another server (`ports_changed`). 409 no free modem there or the ' +
            "same place, 403 a proxy not active or a free trial's, 429 within 10 minutes of its last move.",
          ru: {
            summary: 'Перенести прокси в другое место с тем же номером, логином и паролем',
            description:
              'Право `proxies:write`, а для переноса с платой ещё и `orders:write` (без него 403). Прокси переходит ' +
              'на свободный модем страны, города и оператора; плата, если место по другому тарифу, списывается с ' +
              'баланса (402 с суммой, которой не хватает). Порты меняются, ' +
              'если новый модем на другом сервере (`ports_changed`). 409 — нет свободного модема или то же место, ' +
              '403 — прокси не активен или это прокси бесплатного теста, 429 — прошло меньше 10 минут с прошлого ' +
              'переноса.',
          },
          body: MoveRequestSchema,
          idempotent: true,
        },
      },
      preHandler: [scopeGuard('proxies:write'), app.rateLimit.perAccount('orderAccount')],
      schema: {
        params: idParams,
        response: { 200: jsonSchemaOf(MoveSchema), 201: jsonSchemaOf(MoveSchema), ...paymentErrorAnswers },
      },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const to = parseBody(MoveRequestSchema, request.body, request.language);
      const done = await moves
        .move(ownerOf(request), request.params.id, to, key, refusePaidMoveWithoutOrders(request))
        .catch((error: unknown) => {
          if (!(error instanceof MoveCooldown)) throw error;
          // No `wait_seconds` beside the words: the API's error shape has `Retry-After` for that.
          throw new HttpError(
            429,
            { detail: throttled(error.seconds, request.language) },
            { 'retry-after': String(error.seconds) },
          );
        });
      if (!done) return notFound();
      if (done.created) {
        request.log.info(
          { proxyId: done.move.proxy_id, moveId: done.move.id, apiKey: request.apiKey?.id },
          'proxy moved',
        );
        reply.code(201);
      }
      return done.move;
    },
  );
};

export default moveRoutes;
