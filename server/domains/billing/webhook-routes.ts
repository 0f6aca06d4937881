/**
 * `POST /api/payments/btcpay/{methodId}/webhook/`: BTCPay Server's webhook for one payment method (each store has
 * its own secret). The body is kept raw — the signature is over its exact bytes — and answered so BTCPay knows
 * whether to deliver again: 2xx for handled (a replay too), 503 when its own API could not be reached to re-read the
 * invoice, 4xx for a delivery that will never be valid.
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';
import { idParams } from '../../lib/panel.ts';
import type { BillingService } from './billing-service.ts';
import { GatewayError } from './btcpay.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';

/** Webhook bodies are small JSON documents. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const webhookRoutes: FastifyPluginAsync<{ billing: BillingService }> = async (app, { billing }) => {
  const methods = paymentMethodsRepository(app.db);
  // This plugin's own parser (Fastify scopes it to these routes): the raw bytes, not the parsed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { id: number } }>(
    '/api/payments/btcpay/:id/webhook/',
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params: idParams } },
    async (request, reply) => {
      const { language } = request;
      const method = await methods.get(request.params.id);
      if (!method || method.provider !== 'btcpay') {
        throw new HttpError(404, { detail: message('notFound', language) });
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['btcpay-sig'];
      let outcome;
      try {
        outcome = await billing.btcpayWebhook(method, raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        request.log.warn({ err: error, methodId: method.id }, 'BTCPay webhook: the invoice could not be re-read');
        throw new HttpError(503, { detail: message('gatewayUnavailable', language) });
      }
      if (outcome === 'bad_signature') {
        request.log.warn({ methodId: method.id }, 'BTCPay webhook with a bad signature refused');
        throw new HttpError(403, { detail: message('invalidSignature', language) });
      }
      if (outcome === 'malformed' || outcome === 'other_store') {
        throw new HttpError(400, { detail: message('invalid', language) });
      }
      if (outcome === 'mismatch') {
        request.log.error({ methodId: method.id }, 'BTCPay settled an invoice for another amount: not credited');
      }
      return reply.code(200).send({ result: outcome });
    },
  );
};

export default webhookRoutes;
