/**
 * `/api/v1/` money, read only (`billing:read`): the balance, the ledger and the top-up invoices, as the account's
 * money page reads them (the billing domain's repositories and presenter). Another customer's invoice is a 404.
 */
import type { Currency } from '@proxy/contract/money';
import {
  BalanceSchema,
  INVOICE_LIST,
  InvoiceSchema,
  LEDGER_LIST,
  LedgerEntrySchema,
} from '@proxy/contract/schemas/billing';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { idParams, notFound } from '../../lib/panel.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import { invoicePresenter, invoicesRepository, ledgerRepository } from '../billing/index.ts';
import { errorAnswers } from './error-shape.ts';
import { scopeGuard } from './guard.ts';

export const invoiceListQuery = jsonSchemaOf(listQuerySchema(INVOICE_LIST));
export const ledgerListQuery = jsonSchemaOf(listQuerySchema(LEDGER_LIST));

export interface CustomerApiBillingOptions {
  readonly currency: Currency;
  readonly publicUrl: string;
}

type Query = Record<string, string | undefined>;
const ownerOf = (request: FastifyRequest) => (request.user as { id: number }).id;

const billingRoutes: FastifyPluginAsync<CustomerApiBillingOptions> = async (app, options) => {
  const { currency, publicUrl } = options;
  const ledger = ledgerRepository(app.db);
  const invoices = invoicesRepository(app.db);
  const present = invoicePresenter(app.db);
  const reading = { preHandler: scopeGuard('billing:read') };

  app.get(
    '/api/v1/balance/',
    {
      config: { openapi: { operationId: 'getBalance', summary: 'Your balance', ru: { summary: 'Ваш баланс' } } },
      ...reading,
      schema: { response: { 200: jsonSchemaOf(BalanceSchema), ...errorAnswers } },
    },
    async (request) => ({ balance: (await ledger.balanceOf(ownerOf(request))) ?? 0, currency }),
  );

  app.get<{ Querystring: Query }>(
    '/api/v1/ledger/',
    {
      config: {
        openapi: {
          operationId: 'listLedger',
          summary: 'Every change of your balance',
          ru: { summary: 'Все изменения вашего баланса' },
        },
      },
      ...reading,
      schema: {
        querystring: ledgerListQuery,
        response: { 200: paginatedSchema(jsonSchemaOf(LedgerEntrySchema)), ...errorAnswers },
      },
    },
    async (request) => {
      const params = readListParams(LEDGER_LIST, request.query);
      const count = await ledger.count(ownerOf(request), params);
      return answerPage(request, publicUrl, count, (window) =>
        ledger.list(ownerOf(request), params, window, request.language),
      );
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/v1/invoices/',
    {
      config: {
        openapi: {
          operationId: 'listInvoices',
          summary: 'Your top-up invoices',
          ru: { summary: 'Ваши счета на пополнение' },
        },
      },
      ...reading,
      schema: {
        querystring: invoiceListQuery,
        response: { 200: paginatedSchema(jsonSchemaOf(InvoiceSchema)), ...errorAnswers },
      },
    },
    async (request) => {
      const params = readListParams(INVOICE_LIST, request.query);
      const count = await invoices.countForUser(ownerOf(request), params);
      return answerPage(request, publicUrl, count, async (window) =>
        present(await invoices.listForUser(ownerOf(request), params, window), request.language),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/invoices/:id/',
    {
      config: {
        openapi: {
          operationId: 'getInvoice',
          summary: 'One top-up invoice',
          ru: { summary: 'Один счёт на пополнение' },
        },
      },
      ...reading,
      schema: { params: idParams, response: { 200: jsonSchemaOf(InvoiceSchema), ...errorAnswers } },
    },
    async (request) => {
      const row = await invoices.forUser(request.params.id, ownerOf(request));
      return row ? (await present([row], request.language, true))[0] : notFound();
    },
  );
};

export default billingRoutes;
