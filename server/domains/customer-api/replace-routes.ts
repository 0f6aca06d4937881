/**
 * Replacing a proxy whose IP is bad in the customer API (#49 item 9): `GET /api/v1/proxies/{id}/replace` (the quote)
 * and `POST /api/v1/proxies/{id}/replace` with an `Idempotency-Key`, over the site's own replacements service, so the
 * same rules, locks and monthly limit hold. Scope `proxies:write`: a replacement is free and changes the proxy as a
 * move within its plan does.
 */
import {
  PROXY_REPLACEMENTS_PER_MONTH,
  ReplacementQuoteSchema,
  ReplacementSchema,
} from '@proxy/contract/schemas/replacements';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requiredIdempotencyKey } from '../../lib/idempotency.ts';
import { idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { ReplacementsService } from '../orders/index.ts';
import { errorAnswers, paymentErrorAnswers } from './error-shape.ts';
import { scopeGuard } from './guard.ts';

type IdRequest = { Params: { id: number } };
const ownerOf = (request: FastifyRequest) => (request.user as { id: number }).id;

const replaceRoutes: FastifyPluginAsync<{ readonly replacements: ReplacementsService }> = async (
  app,
  { replacements },
) => {
  app.get<IdRequest>(
    '/api/v1/proxies/:id/replace/',
    {
      config: {
        openapi: {
          operationId: 'quoteProxyReplacement',
          summary: 'What replacing the proxy with another of its place would do now',
          description:
            'Scope `proxies:write`. Other free modems of the proxy’s country, city and operator, replacements left ' +
            'in the last 30 days and when one more is possible, and whether the ports change. Changes nothing.',
          ru: {
            summary: 'Что сейчас сделала бы замена прокси другим в том же месте',
            description:
              'Право `proxies:write`. Другие свободные модемы страны, города и оператора прокси, сколько замен ' +
              'осталось за последние 30 дней и когда возможна следующая, изменятся ли порты. Ничего не меняет.',
          },
        },
      },
      preHandler: [scopeGuard('proxies:write'), app.rateLimit.perAccount('quoteAccount')],
      schema: { params: idParams, response: { 200: jsonSchemaOf(ReplacementQuoteSchema), ...errorAnswers } },
    },
    async (request) => (await replacements.quote(ownerOf(request), request.params.id)) ?? notFound(),
  );

  app.post<IdRequest>(
    '/api/v1/proxies/:id/replace/',
    {
      config: {
        openapi: {
          operationId: 'replaceProxy',
          summary: 'Replace a proxy whose IP is bad, keeping its id, login, password and term',
          description:
            'Scope `proxies:write`. Free of charge. The proxy goes to another free modem of the same country, ' +
            'city and operator (a new IP); the ports change when that modem is on another server ' +
            `(\`ports_changed\`). At most ${PROXY_REPLACEMENTS_PER_MONTH} times per proxy in 30 days: 429 saying ` +
            'the date of the next one (the quote’s `next_at`). 409 no other free modem there or a transfer pending, 403 ' +
            "a proxy not active or a free trial's.",
          ru: {
            summary: 'Заменить прокси с плохим IP, сохранив номер, логин, пароль и срок',
            description:
              'Право `proxies:write`. Бесплатно. Прокси переходит на другой свободный модем той же страны, города ' +
              'и оператора (новый IP); порты меняются, если этот модем на другом сервере (`ports_changed`). Не ' +
              `больше ${PROXY_REPLACEMENTS_PER_MONTH} раз на прокси за 30 дней: 429 с датой следующей ` +
              'замены (`next_at` в расчёте). 409 — нет другого свободного модема или прокси передаётся, 403 — прокси не ' +
              'активен или это прокси бесплатного теста.',
          },
          idempotent: true,
        },
      },
      preHandler: [scopeGuard('proxies:write'), app.rateLimit.perAccount('orderAccount')],
      schema: {
        params: idParams,
        response: {
          200: jsonSchemaOf(ReplacementSchema),
          201: jsonSchemaOf(ReplacementSchema),
          ...paymentErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const done = await replacements.replace(ownerOf(request), request.params.id, key);
      if (!done) return notFound();
      if (done.created) {
        request.log.info(
          { proxyId: done.replacement.proxy_id, replacementId: done.replacement.id, apiKey: request.apiKey?.id },
          'proxy replaced',
        );
        reply.code(201);
      }
      return done.replacement;
    },
  );
};

export default replaceRoutes;
