/**
 * `POST /api/payments/{provider}/{methodId}/webhook/`: a payment gateway's webhook for one payment method (each
 * store has its own secret), e.g. BTCPay Server's at `/api/payments/btcpay/{id}/webhook/`. The body is kept raw —
 * the signature is over its exact bytes — and answered so the gateway knows whether to deliver again: 2xx for
 * handled (a replay too), 503 when its own API could not be reached to re-read the invoice, 4xx for a delivery that
 * will never be valid.
 */
import { PAYMENT_PROVIDERS } from '@proxy/contract/schemas/billing';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';
import type { BillingService, WebhookOutcome } from './billing-service.ts';
import { GatewayError } from './btcpay.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';
import { PROVIDERS } from './providers.ts';

/** Webhook bodies are small JSON documents. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Where a method's gateway must send its webhooks (staff paste it into the gateway's settings). */
export const webhookPath = (provider: string, methodId: number) => `/api/payments/${provider}/${methodId}/webhook/`;

const params = {
  type: 'object',
  required: ['provider', 'id'],
  properties: {
    provider: { type: 'string', enum: [...PAYMENT_PROVIDERS] },
    id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

const webhookRoutes: FastifyPluginAsync<{ billing: BillingService }> = async (app, { billing }) => {
  const methods = paymentMethodsRepository(app.db);
  // This plugin's own parser (Fastify scopes it to these routes): the raw bytes, not the parsed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string; id: number } }>(
    '/api/payments/:provider/:id/webhook/',
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params } },
    async (request, reply) => {
      const { language } = request;
      const method = await methods.get(request.params.id);
      const adapter = method && method.provider === request.params.provider ? PROVIDERS[method.provider] : null;
      if (!method || !adapter?.readWebhook) throw new HttpError(404, { detail: message('notFound', language) });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = adapter.signatureHeader ? request.headers[adapter.signatureHeader] : undefined;
      let outcome: WebhookOutcome;
      try {
        outcome = await billing.webhook(method, raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        request.log.warn({ err: error, methodId: method.id }, 'webhook: the invoice could not be re-read');
        throw new HttpError(503, { detail: message('gatewayUnavailable', language) });
      }
      if (outcome === 'bad_signature') {
        request.log.warn({ methodId: method.id }, 'webhook with a bad signature refused');
        throw new HttpError(403, { detail: message('invalidSignature', language) });
      }
      if (outcome === 'other_method' || outcome === 'other_store') {
        request.log.warn({ methodId: method.id, outcome }, 'webhook for another method or store refused');
      }
      if (outcome === 'malformed' || outcome === 'other_store' || outcome === 'other_method') {
        throw new HttpError(400, { detail: message('invalid', language) });
      }
      if (outcome === 'mismatch') {
        request.log.error({ methodId: method.id }, 'a gateway settled an invoice for another amount: not credited');
      }
      return reply.code(200).send({ result: outcome });
    },
  );
};

export default webhookRoutes;
