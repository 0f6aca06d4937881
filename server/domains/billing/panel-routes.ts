/**
 * The panel's Payments section API: payment methods (ordered by hand; secrets write-only), the invoices customers
 * made (mark paid, cancel) and promo codes, in the panel's one shape, with Django-style `payments.*` permissions.
 */
import { ASSET_INFO } from '@proxy/contract/assets';
import type { Language } from '@proxy/contract/languages';
import { INVOICE_PERMISSIONS, PAYMENT_METHOD_PERMISSIONS, PROMO_CODE_PERMISSIONS } from '@proxy/contract/permissions';
import {
  InvoiceCancelSchema,
  InvoicePaidSchema,
  PANEL_INVOICE_LIST,
  PanelInvoiceSchema,
  PanelPaymentMethodSchema,
  PanelPromoCodeSchema,
  PaymentMethodInputSchema,
  PROMO_LIST,
  PromoCodeInputSchema,
  type PaymentMethodInput,
  type PaymentSettings,
  type PaymentSecret,
} from '@proxy/contract/schemas/billing';
import { listQuerySchema, readListParams } from '@proxy/contract/schemas/list-query';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { message } from '../../lib/messages.ts';
import { answerPage, paginatedSchema } from '../../lib/pagination.ts';
import { answers, idParams, notFound, parseReorder, registerItemRoutes } from '../../lib/panel.ts';
import { COMMON_REFUSALS } from '../../lib/refusal.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { jsonSchemaOf } from '../../lib/schemas.ts';
import type { BillingOptions, BillingService } from './billing-service.ts';
import { invoicesRepository } from './invoices-repository.ts';
import {
  paymentMethodsRepository,
  toPanelMethod,
  type MethodRow,
  type StoredMethod,
} from './payment-methods-repository.ts';
import { toPanelInvoice } from './presenters.ts';
import { PROVIDERS } from './providers.ts';
import { promoCodesRepository } from './promo-codes-repository.ts';
import { rateUrlProblem } from './rates.ts';
import { BILLING_REFUSALS } from './refusals.ts';
import { webhookPath } from './webhook-routes.ts';

type Query = Record<string, string | undefined>;
type IdRequest = { Params: { id: number } };

const actorId = (request: FastifyRequest) => (request.user as { id: number }).id;

/**
 * Whether an edit of a method changes where money goes or what it is worth: the address or a gateway's settings, a
 * secret written or removed (left empty: kept), the rate or where it is read from. The panel's form sends every
 * field on each save, so what is compared is what would change.
 */
function movesMoney(changes: Partial<v.InferOutput<typeof PaymentMethodInputSchema>>, current: StoredMethod): boolean {
  const settings = changes.settings ?? {};
  const differs = (a: unknown, b: unknown) => a !== undefined && a !== b;
  return (
    Object.entries(settings).some(([key, value]) => differs(value, current.settings[key as keyof PaymentSettings])) ||
    Object.values(changes.secrets ?? {}).some((value) => value !== undefined && value !== '') ||
    (changes.rate !== undefined &&
      (changes.rate === null ? null : Number(changes.rate)) !==
        (current.rate === null ? null : Number(current.rate))) ||
    differs(changes.rate_source, current.rate_source) ||
    differs(changes.rate_url, current.rate_url) ||
    differs(changes.rate_path, current.rate_path)
  );
}

/**
 * The row to write from a create or an edit: rich text sanitized, the fee in basis points, secrets merged (left out
 * or empty: kept; null: removed), and what the provider needs checked against the result.
 */
function methodRow(
  input: Partial<PaymentMethodInput>,
  current: StoredMethod | null,
  language: Language,
  allowLocal: boolean,
): Partial<MethodRow> {
  const {
    fee_percent: fee,
    secrets: given,
    rate: _rate,
    confirm_rate: _confirmed,
    asset_decimals: decimals,
    ...rest
  } = input;
  const secrets: Partial<Record<PaymentSecret, string>> = Object.fromEntries(
    Object.entries({ ...current?.secrets, ...given })
      // Left out or empty: the stored value stays; null: it goes.
      .map(([name, value]) => [
        name,
        value === '' || value === undefined ? current?.secrets[name as PaymentSecret] : value,
      ])
      .filter(([, value]) => typeof value === 'string' && value !== ''),
  );
  const row: Partial<MethodRow> = {
    ...rest,
    ...(fee === undefined ? {} : { fee_basis_points: Math.round(fee * 100) }),
    ...(given === undefined ? {} : { secrets }),
    ...(input.settings === undefined ? {} : { settings: { ...current?.settings, ...input.settings } }),
    ...(input.instructions_ru === undefined ? {} : { instructions_ru: sanitizeHtml(input.instructions_ru) }),
    ...(input.instructions_en === undefined ? {} : { instructions_en: sanitizeHtml(input.instructions_en) }),
    ...assetDecimals(input.asset === undefined ? (current?.asset ?? null) : input.asset, decimals, current),
  };
  const asset = row.asset === undefined ? (current?.asset ?? null) : row.asset;
  if (asset !== null && (row.provider ?? current?.provider ?? 'manual') !== 'manual') {
    throw BILLING_REFUSALS.assetManualOnly();
  }
  // What the provider needs (a gateway: its server, store and keys), each missing part a field error.
  const provider = PROVIDERS[row.provider ?? current?.provider ?? 'manual'];
  const stored = {
    settings: { ...current?.settings, ...row.settings },
    secrets: row.secrets ?? current?.secrets ?? {},
  };
  const missing: Record<string, Record<string, string[]> | string[]> = {};
  for (const [group, field] of provider.requires ?? []) {
    if (!(stored[group] as Record<string, string | undefined>)[field]) {
      ((missing[group] ??= {}) as Record<string, string[]>)[field] = [message('required', language)];
    }
  }
  // A rate provider needs its endpoint and the path to the price in its answer.
  if (asset !== null && (row.rate_source ?? current?.rate_source) === 'provider') {
    for (const field of ['rate_url', 'rate_path'] as const) {
      if (!(row[field] ?? current?.[field])) missing[field] = [message('required', language)];
    }
  }
  if (Object.keys(missing).length > 0) throw new HttpError(400, missing);
  // The endpoint as it will be stored, whether this save names it or keeps it: the rates job reads nothing else.
  const rateUrl = row.rate_url ?? current?.rate_url ?? '';
  const urlProblem = rateUrl === '' ? null : rateUrlProblem(rateUrl, allowLocal);
  if (urlProblem === 'invalid') throw BILLING_REFUSALS.rateUrlInvalid();
  if (urlProblem === 'scheme') throw BILLING_REFUSALS.rateUrlScheme();
  return row;
}

/**
 * The decimals an asset amount has: as staff gave them, else kept, else the asset's default when the asset changes;
 * never more than the chain has (a wallet could not send the tail).
 */
function assetDecimals(
  asset: StoredMethod['asset'],
  given: number | undefined,
  current: StoredMethod | null,
): { asset_decimals?: number } {
  if (asset === null) return given === undefined && current ? {} : { asset_decimals: 0 };
  const { chainDecimals, defaultDecimals } = ASSET_INFO[asset];
  const decimals =
    given ?? (current?.asset === asset && current.asset_decimals > 0 ? current.asset_decimals : defaultDecimals);
  if (decimals > chainDecimals) throw BILLING_REFUSALS.assetDecimals({ decimals: chainDecimals });
  return { asset_decimals: decimals };
}

const panelRoutes: FastifyPluginAsync<
  BillingOptions & { readonly allowLocal: boolean; billing: BillingService }
> = async (app, options) => {
  const { billing, publicUrl, allowLocal } = options;
  const methods = paymentMethodsRepository(app.db);
  const invoices = invoicesRepository(app.db);
  const promos = promoCodesRepository(app.db);
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const present = (method: StoredMethod) =>
    toPanelMethod(method, `${publicUrl}${webhookPath(method.provider, method.id)}`);
  const presentId = async (id: number) => {
    const method = await methods.get(id);
    return method ? present(method) : null;
  };

  // ---- Payment methods --------------------------------------------------------------------------------------

  registerItemRoutes(app, {
    path: '/api/panel/payment-methods/',
    permissions: PAYMENT_METHOD_PERMISSIONS,
    item: PanelPaymentMethodSchema,
    list: async () => (await methods.list()).map(present),
    get: presentId,
    create: async (body, language, request) => {
      const input = parseBody(PaymentMethodInputSchema, body, language);
      const rate = { value: input.rate ?? null, actorId: actorId(request) };
      return presentId(await billing.createMethod(methodRow(input, null, language, allowLocal) as MethodRow, rate));
    },
    update: async (id, body, language, request) => {
      const changes = parseBody(v.partial(PaymentMethodInputSchema), body, language);
      const current = await methods.get(id);
      // Where the money goes and at what price (issue #48): a fresh second factor to change them.
      if (current && movesMoney(changes, current)) {
        await app.requireStepUp(request);
        request.log.info({ methodId: id, staffId: actorId(request), factor: request.stepUp?.method }, 'step-up');
      }
      // The secrets merge reads the stored ones: the service hands them over under the row's lock.
      const found = await billing.updateMethod(id, (current) => methodRow(changes, current, language, allowLocal), {
        value: changes.rate,
        actorId: actorId(request),
        confirmed: changes.confirm_rate ?? false,
      });
      return found ? presentId(id) : null;
    },
    remove: (id) => methods.delete(id),
  });

  app.post(
    '/api/panel/payment-methods/order/',
    { ...can(PAYMENT_METHOD_PERMISSIONS.change), schema: { response: answers(v.array(PanelPaymentMethodSchema)) } },
    async (request) => {
      const ids = parseReorder(request.body, request.language);
      if (!(await billing.reorderMethods(ids))) throw COMMON_REFUSALS.badReorder();
      return (await methods.list()).map(present);
    },
  );

  // ---- Invoices ---------------------------------------------------------------------------------------------

  const invoiceListQuery = jsonSchemaOf(listQuerySchema(PANEL_INVOICE_LIST));
  const presentInvoice = async (id: number) => {
    const row = await invoices.get(id);
    return row ? toPanelInvoice(row, (await methods.get(row.method_id)) ?? undefined) : null;
  };

  app.get<{ Querystring: Query }>(
    '/api/panel/invoices/',
    {
      ...can(INVOICE_PERMISSIONS.view),
      schema: { querystring: invoiceListQuery, response: { 200: paginatedSchema(jsonSchemaOf(PanelInvoiceSchema)) } },
    },
    async (request) => {
      const params = readListParams(PANEL_INVOICE_LIST, request.query);
      const count = await invoices.countAll(params);
      return answerPage(request, publicUrl, count, async (window) => {
        const byId = new Map((await methods.list()).map((method) => [method.id, method]));
        return (await invoices.listAll(params, window)).map((row) => toPanelInvoice(row, byId.get(row.method_id)));
      });
    },
  );

  app.get<IdRequest>(
    '/api/panel/invoices/:id/',
    { ...can(INVOICE_PERMISSIONS.view), schema: { params: idParams, response: answers(PanelInvoiceSchema) } },
    async (request) => (await presentInvoice(request.params.id)) ?? notFound(),
  );

  app.post<IdRequest>(
    '/api/panel/invoices/:id/paid/',
    {
      // Crediting a balance by hand: a fresh second factor (issue #48).
      preHandler: [app.requirePermission(INVOICE_PERMISSIONS.change), app.requireStepUp],
      schema: { params: idParams, response: answers(PanelInvoiceSchema) },
    },
    async (request) => {
      const { language } = request;
      const { reason, asset_amount: assetAmount, txid } = parseBody(InvoicePaidSchema, request.body, language);
      if (!(await invoices.get(request.params.id))) return notFound();
      const credited = await billing.markPaid(request.params.id, {
        actorId: actorId(request),
        reason,
        assetAmount: assetAmount || null,
        txid,
        factor: request.stepUp?.method ?? null,
      });
      // Paid by someone else a moment ago: staff learn it rather than think they credited twice.
      if (!credited) throw BILLING_REFUSALS.invoiceSettled();
      return presentInvoice(request.params.id);
    },
  );

  app.post<IdRequest>(
    '/api/panel/invoices/:id/cancel/',
    { ...can(INVOICE_PERMISSIONS.change), schema: { params: idParams, response: answers(PanelInvoiceSchema) } },
    async (request) => {
      const { language } = request;
      const { reason } = parseBody(InvoiceCancelSchema, request.body, language);
      if (!(await invoices.get(request.params.id))) return notFound();
      await billing.cancel(request.params.id, { actorId: actorId(request), reason });
      return presentInvoice(request.params.id);
    },
  );

  // ---- Promo codes ------------------------------------------------------------------------------------------

  const promoListQuery = jsonSchemaOf(listQuerySchema(PROMO_LIST));

  app.get<{ Querystring: Query }>(
    '/api/panel/promo-codes/',
    {
      ...can(PROMO_CODE_PERMISSIONS.view),
      schema: { querystring: promoListQuery, response: { 200: paginatedSchema(jsonSchemaOf(PanelPromoCodeSchema)) } },
    },
    async (request) => {
      const params = readListParams(PROMO_LIST, request.query);
      const count = await promos.count(params);
      return answerPage(request, publicUrl, count, (window) => promos.list(params, window));
    },
  );

  registerItemRoutes(app, {
    path: '/api/panel/promo-codes/',
    permissions: PROMO_CODE_PERMISSIONS,
    item: PanelPromoCodeSchema,
    get: (id) => promos.get(id),
    create: (body, language) => promos.create(parseBody(PromoCodeInputSchema, body, language)),
    update: async (id, body, language) => {
      // The rules between fields (a percent ≤ 100, the dates in order) hold for the code as it will be: the edit is
      // checked merged over what is stored.
      const patch = parseBody(v.record(v.string(), v.unknown()), body, language);
      const current = await promos.get(id);
      if (!current) return null;
      const { id: _id, uses: _uses, created_at: _created, updated_at: _updated, ...stored } = current;
      const input = parseBody(PromoCodeInputSchema, { ...stored, ...patch }, language);
      return promos.update(id, input);
    },
    remove: (id) => promos.delete(id),
  });
};

export default panelRoutes;
