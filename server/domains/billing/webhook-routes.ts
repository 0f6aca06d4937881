/**
 * `POST /api/payments/{provider}/{methodId}/webhook/`: a payment gateway's webhook for one payment method (each
 * store has its own secret), e.g. BTCPay Server's at `/api/payments/btcpay/{id}/webhook/`. The body is kept raw —
 * the signature is over its exact bytes — and answered so the gateway knows whether to deliver again: 2xx for
 * handled (a replay too), 503 when its own API could not be reached to re-read the invoice, 4xx for a delivery that
 * will never be valid.
 */
import { PAYMENT_PROVIDERS } from '@proxy/contract/schemas/billing';
import type { FastifyPluginAsync } from 'fastify';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import type { BillingService } from './billing-service.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';
import { PROVIDERS } from './providers.ts';
import { BILLING_REFUSALS } from './refusals.ts';

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

/** What a gateway's delivery is refused for. */
const REFUSED_OUTCOMES = new Set<string>(['bad_signature', 'other_method', 'other_store', 'malformed']);

const webhookRoutes: FastifyPluginAsync<{ billing: BillingService }> = async (app, { billing }) => {
  const methods = paymentMethodsRepository(app.db);
  // This plugin's own parser (Fastify scopes it to these routes): the raw bytes, not the parsed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string; id: number } }>(
    '/api/payments/:provider/:id/webhook/',
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params } },
    async (request, reply) => {
      const method = await methods.get(request.params.id);
      const adapter = method && method.provider === request.params.provider ? PROVIDERS[method.provider] : null;
      if (!method || !adapter?.readWebhook) throw COMMON_REFUSALS.notFound();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = adapter.signatureHeader ? request.headers[adapter.signatureHeader] : undefined;
      // The gateway unreachable while the invoice is re-read: refused 503, and BTCPay delivers again.
      const outcome = await billing.webhook(method, raw, typeof signature === 'string' ? signature : undefined);
      if (REFUSED_OUTCOMES.has(outcome)) {
        // Counted for the panel's dashboard and the repeated-refusals alert (migration 0090).
        await app.db.query('INSERT INTO webhook_refusals (method_id, provider, reason) VALUES ($1, $2, $3)', [
          method.id,
          method.provider,
          outcome,
        ]);
      }
      if (outcome === 'bad_signature') {
        request.log.warn({ methodId: method.id }, 'webhook with a bad signature refused');
        throw BILLING_REFUSALS.invalidSignature();
      }
      if (outcome === 'other_method' || outcome === 'other_store') {
        request.log.warn({ methodId: method.id, outcome }, 'webhook for another method or store refused');
      }
      if (outcome === 'malformed' || outcome === 'other_store' || outcome === 'other_method') {
        throw BILLING_REFUSALS.webhookRefused();
      }
      if (outcome === 'mismatch') {
        request.log.error({ methodId: method.id }, 'a gateway settled an invoice for another amount: not credited');
      }
      return reply.code(200).send({ result: outcome });
    },
  );
};

export default webhookRoutes;
