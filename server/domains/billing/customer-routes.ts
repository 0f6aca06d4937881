/**
 * The customer's money API: balance, the payment methods to top up with, invoices (created with an
 * `Idempotency-Key`), and the ledger history. A customer reaches only their own invoices: another's id is a 404.
 */
import type { Language } from '@proxy/contract/languages';
import {
  BalanceSchema,
  INVOICE_LIST,
  InvoiceCreateSchema,
  InvoiceReferenceSchema,
  InvoiceSchema,
  LEDGER_LIST,
  LedgerEntrySchema,
  PaymentMethodSchema,
} from '@proxy/contract/schemas/billing';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { idempotencyKey } from '../../lib/idempotency.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { BillingOptions, BillingService } from './billing-service.ts';
import { invoicesRepository, type InvoiceRow } from './invoices-repository.ts';
import { ledgerRepository } from './ledger-repository.ts';
import { invoicePresenter } from './invoice-presenter.ts';
import { paymentMethodsRepository } from './payment-methods-repository.ts';
import { BILLING_REFUSALS } from './refusals.ts';

const invoiceListQuery = jsonSchemaOf(listQuerySchema(INVOICE_LIST));
const ledgerListQuery = jsonSchemaOf(listQuerySchema(LEDGER_LIST));
type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };

/** A new invoice is 201; a repeated request answers 200 with the invoice it made. */
const createdOrRepeated: Record<number, unknown> = {
  ...answers(InvoiceSchema, 201),
  200: jsonSchemaOf(InvoiceSchema),
};

const userId = (request: FastifyRequest) => (request.user as { id: number }).id;

const customerRoutes: FastifyPluginAsync<BillingOptions & { billing: BillingService }> = async (app, options) => {
  const { billing, currency, publicUrl } = options;
  const methods = paymentMethodsRepository(app.db);
  const invoices = invoicesRepository(app.db);
  const ledger = ledgerRepository(app.db);
  const signedIn = { preHandler: app.requireAuthenticated };

  const present = invoicePresenter(app.db);
  const presentOne = async (row: InvoiceRow, language: Language) => (await present([row], language, true))[0];

  app.addHook('onSend', async (request, reply) => {
    // Personal data: never kept by a shared cache or the back/forward cache.
    if (request.routeOptions.url?.startsWith('/api/') && request.user) reply.header('cache-control', 'no-store');
  });

  app.get('/api/balance/', { ...signedIn, schema: { response: answers(BalanceSchema) } }, async (request) => ({
    balance: (await ledger.balanceOf(userId(request))) ?? 0,
    currency,
  }));

  app.get('/api/payment-methods/', { schema: { response: answers(v.array(PaymentMethodSchema)) } }, (request) =>
    methods.listActive(request.language, currency),
  );

  // A script looping on top-ups is held to a person's pace before any invoice is looked at (RATE_LIMITS).
  const toppingUp = { preHandler: [app.requireAuthenticated, app.rateLimit.perAccount('invoiceAccount')] };

  app.post('/api/invoices/', { ...toppingUp, schema: { response: createdOrRepeated } }, async (request, reply) => {
    const { language } = request;
    const key = idempotencyKey(request);
    const input = parseBody(InvoiceCreateSchema, request.body, language);
    const { id, created } = await billing.createInvoice(userId(request), input, key, language);
    const row = (await invoices.forUser(id, userId(request))) as InvoiceRow;
    if (created) reply.code(201);
    return presentOne(row, language);
  });

  app.get<{ Querystring: Query }>(
    '/api/invoices/',
    {
      ...signedIn,
      schema: { querystring: invoiceListQuery, response: { 200: paginatedSchema(jsonSchemaOf(InvoiceSchema)) } },
    },
    async (request) => {
      const params = readListParams(INVOICE_LIST, request.query);
      const count = await invoices.countForUser(userId(request), params);
      return answerPage(request, publicUrl, count, async (window) =>
        present(await invoices.listForUser(userId(request), params, window), request.language),
      );
    },
  );

  app.get<IdRequest>(
    '/api/invoices/:id/',
    { ...signedIn, schema: { params: idParams, response: answers(InvoiceSchema) } },
    async (request) => {
      const row = await invoices.forUser(request.params.id, userId(request));
      return row ? presentOne(row, request.language) : notFound();
    },
  );

  app.patch<IdRequest>(
    '/api/invoices/:id/',
    { ...signedIn, schema: { params: idParams, response: answers(InvoiceSchema) } },
    async (request) => {
      const { language } = request;
      const { customer_reference: reference } = parseBody(InvoiceReferenceSchema, request.body, language);
      const row = await invoices.forUser(request.params.id, userId(request));
      if (!row) return notFound();
      if (row.status !== 'pending') throw BILLING_REFUSALS.invoiceNotPending();
      await invoices.setCustomerReference(row.id, reference);
      return presentOne((await invoices.get(row.id)) as InvoiceRow, language);
    },
  );

  app.post<IdRequest>(
    '/api/invoices/:id/cancel/',
    { ...signedIn, schema: { params: idParams, response: answers(InvoiceSchema) } },
    async (request) => {
      const { language } = request;
      const row = await invoices.forUser(request.params.id, userId(request));
      if (!row) return notFound();
      await billing.cancel(row.id, { actorId: null, reason: '' });
      return presentOne((await invoices.get(row.id)) as InvoiceRow, language);
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/ledger/',
    {
      ...signedIn,
      schema: { querystring: ledgerListQuery, response: { 200: paginatedSchema(jsonSchemaOf(LedgerEntrySchema)) } },
    },
    async (request) => {
      const params = readListParams(LEDGER_LIST, request.query);
      const count = await ledger.count(userId(request), params);
      return answerPage(request, publicUrl, count, (window) =>
        ledger.list(userId(request), params, window, request.language),
      );
    },
  );
};

export default customerRoutes;
