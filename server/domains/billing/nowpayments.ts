/**
 * NOWPayments (nowpayments.io), a hosted crypto gateway, through its documented API (documenter.getpostman.com/view/
 * 7907941/2s93JusNJt): a top-up opens an invoice in the site currency (`POST /v1/invoice`, `x-api-key`) whose hosted
 * page lets the customer pick a coin; each payment made on it is announced by an IPN callback, signed as the docs
 * say — HMAC-SHA512 keyed with the store's IPN secret over the body with its keys sorted recursively, hex in the
 * `x-nowpayments-sig` header. The callback is never trusted for what it says: the payment is re-read
 * (`GET /v1/payment/{id}`) and only what the API answers is acted on.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@proxy/contract/money';
import type { Refusal } from '../../lib/refusal.ts';
import type { StoredMethod } from './payment-methods-repository.ts';
import { decimalAmount, type GatewayEvent, type PaymentProviderAdapter } from './gateway.ts';
import { BILLING_REFUSALS } from './refusals.ts';

export interface NowpaymentsAccount {
  /** The API's base URL: `https://api.nowpayments.io` (the sandbox's, or a local fake in tests). */
  readonly apiUrl: string;
  readonly apiKey: string;
  /** The IPN secret from the dashboard's store settings: without one NOWPayments sends no callbacks. */
  readonly ipnSecret: string;
}

/** A payment's states as the API names them; only `finished` (the money reached the store's wallet) credits. */
export type NowpaymentsStatus =
  | 'waiting'
  | 'confirming'
  | 'confirmed'
  | 'sending'
  | 'partially_paid'
  | 'finished'
  | 'failed'
  | 'refunded'
  | 'expired';

/** The fields of `GET /v1/payment/{id}` the site reads (an IPN body has the same shape). */
export interface NowpaymentsPayment {
  readonly payment_id: number | string;
  /** The invoice it was paid through; null for a payment made without one (never the site's). */
  readonly invoice_id: number | string | null;
  readonly payment_status: string;
  /** What was asked, in `price_currency` (the site currency, lower-case). */
  readonly price_amount: number | string;
  readonly price_currency: string;
  readonly order_id: string | null;
}

const TIMEOUT_MS = 10_000;

/** The gateway could not be reached or answered nonsense: 503, and NOWPayments sends the callback again. */
function gatewayDown(what: string, cause?: unknown): Refusal {
  return BILLING_REFUSALS.gatewayUnavailable({ cause: new Error(what, { cause }) });
}

/** The docs write the base with and without `/v1`; either way the paths below add it once. */
function endpoint(account: NowpaymentsAccount, path: string): string {
  return `${account.apiUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/${path}`;
}

async function call(account: NowpaymentsAccount, path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(endpoint(account, path), {
      ...init,
      headers: { 'x-api-key': account.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw gatewayDown(`NOWPayments is unreachable: ${(error as Error).message}`, error);
  }
  if (!response.ok) throw gatewayDown(`NOWPayments answered ${response.status} to ${path}`);
  return response.json().catch(() => null);
}

/** An id as NOWPayments writes it: a number, or the same digits as a string. */
function idOf(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && /^\d{1,20}$/.test(text) ? text : null;
}

export async function createNowpaymentsInvoice(
  account: NowpaymentsAccount,
  invoice: {
    readonly id: number;
    readonly total: number;
    readonly currency: Currency;
    readonly ipnCallbackUrl: string;
    readonly returnUrl: string;
  },
): Promise<{ readonly id: string; readonly url: string }> {
  const body = (await call(account, 'invoice', {
    method: 'POST',
    body: JSON.stringify({
      // A JSON number, as the docs' examples send it; two decimals parse back to exactly this value.
      price_amount: Number(decimalAmount(invoice.total)),
      price_currency: invoice.currency.toLowerCase(),
      // Ours, so the dashboard's list shows which top-up it was (and the payment re-read names it).
      order_id: String(invoice.id),
      // ASCII on purpose: the signature is over re-serialised JSON, where escaping of other characters may differ.
      order_description: `Top-up ${invoice.id}`,
      ipn_callback_url: invoice.ipnCallbackUrl,
      success_url: invoice.returnUrl,
      // Giving up returns to the same page, which shows the invoice still awaiting payment.
      cancel_url: invoice.returnUrl,
    }),
  })) as { id?: unknown; invoice_url?: unknown } | null;
  const id = idOf(body?.id);
  if (!id || typeof body?.invoice_url !== 'string' || !/^https?:\/\//.test(body.invoice_url)) {
    throw gatewayDown('NOWPayments answered something other than an invoice');
  }
  return { id, url: body.invoice_url };
}

export async function getNowpaymentsPayment(account: NowpaymentsAccount, id: string): Promise<NowpaymentsPayment> {
  const body = (await call(account, `payment/${encodeURIComponent(id)}`)) as Partial<NowpaymentsPayment> | null;
  if (!body || idOf(body.payment_id) !== id || typeof body.payment_status !== 'string') {
    throw gatewayDown('NOWPayments answered something other than the payment asked for');
  }
  return body as NowpaymentsPayment;
}

/**
 * The docs' `sortObject`: every object's keys in `Object.keys(...).sort()` order, at every depth (an IPN nests its
 * `fee`). Arrays keep their order, as the docs' PHP and Python examples keep them; an IPN carries none.
 */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(source)
      .sort()
      .map((key) => [key, sortKeys(source[key])]),
  );
}

/** The string NOWPayments signs: the body parsed, its keys sorted recursively, and `JSON.stringify`-ed again. */
export function signedString(body: unknown): string {
  return JSON.stringify(sortKeys(body));
}

/** Exactly what NOWPayments sends: the HMAC-SHA512 as 128 hex digits (Buffer's hex parsing would stop at a bad one). */
const SIGNATURE = /^[0-9a-f]{128}$/i;

/** `x-nowpayments-sig` against the parsed body (null: not JSON), compared in constant time. */
export function validSignature(body: unknown, header: string | undefined, secret: string): boolean {
  if (header === undefined || !SIGNATURE.test(header) || !secret || body === null || typeof body !== 'object') {
    return false;
  }
  const expected = createHmac('sha512', secret).update(signedString(body)).digest();
  return timingSafeEqual(Buffer.from(header, 'hex'), expected);
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
}

function accountOf(method: StoredMethod): NowpaymentsAccount | null {
  const apiUrl = method.settings.server_url;
  const { api_key: apiKey, webhook_secret: ipnSecret } = method.secrets;
  return apiUrl && apiKey && ipnSecret ? { apiUrl, apiKey, ipnSecret } : null;
}

/** Minor units from the API's price (a JSON number, or its digits as a string); null for anything else. */
function minorOfPrice(value: unknown): number | null {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

type InvoiceState = Extract<GatewayEvent, { kind: 'invoice' }>['state'];

/**
 * The service's view of each state. Only `finished` credits: `confirmed` and `sending` still move the coins to the
 * store's wallet. `failed` and `refunded` cancel a pending invoice; `expired` marks it expired — a later payment on
 * the same NOWPayments invoice still credits it. `partially_paid` is handled apart (below).
 */
const STATES: Readonly<Record<Exclude<NowpaymentsStatus, 'partially_paid'>, InvoiceState>> = {
  waiting: 'open',
  confirming: 'open',
  confirmed: 'open',
  sending: 'open',
  finished: 'settled',
  failed: 'invalid',
  refunded: 'invalid',
  expired: 'expired',
};

/** NOWPayments' API (above): a checkout on its hosted invoice page, IPN callbacks in `x-nowpayments-sig`. */
export const nowpayments: PaymentProviderAdapter = {
  ready: (method) => accountOf(method) !== null,
  payAddress: () => '',
  async openCheckout(method, request) {
    const account = accountOf(method);
    if (!account) return null;
    const remote = await createNowpaymentsInvoice(account, {
      id: request.invoiceId,
      total: request.total,
      currency: request.currency,
      ipnCallbackUrl: request.webhookUrl,
      returnUrl: request.returnUrl,
    });
    return { reference: remote.id, url: remote.url };
  },
  signatureHeader: 'x-nowpayments-sig',
  // The API key names the NOWPayments account; its digest, so the secret itself never sits in a compared string.
  account: (method) =>
    `${method.settings.server_url} ${createHash('sha256')
      .update(method.secrets.api_key ?? '')
      .digest('hex')}`,
  requires: [
    ['settings', 'server_url'],
    ['secrets', 'api_key'],
    ['secrets', 'webhook_secret'],
  ],
  async readWebhook(method, rawBody, signature) {
    const account = accountOf(method);
    const body = parseJson(rawBody);
    if (!account || !validSignature(body, signature, account.ipnSecret)) {
      return { kind: 'refused', reason: 'bad_signature' };
    }
    const claimed = (body as { payment_id?: unknown }).payment_id;
    // Signed by the store but about no payment (a payout's callback): nothing to act on.
    if (claimed === undefined) return { kind: 'ignored' };
    const paymentId = idOf(claimed);
    if (!paymentId) return { kind: 'refused', reason: 'malformed' };
    // The callback only says something happened; what did is read from the API itself.
    const payment = await getNowpaymentsPayment(account, paymentId);
    const reference = idOf(payment.invoice_id);
    if (!reference) return { kind: 'ignored' };
    const status = payment.payment_status as NowpaymentsStatus;
    // A state the docs do not name says nothing the site can act on.
    if (!Object.hasOwn(STATES, status) && status !== 'partially_paid') return { kind: 'ignored' };
    // Less arrived than was asked: the service records it as a "mismatch" (logged, the invoice left pending) for
    // staff to settle by hand; never credited in full for a part.
    const partial = status === 'partially_paid';
    return {
      kind: 'invoice',
      // One delivery per state of a payment: a repeated callback (NOWPayments re-sends until answered) is a replay.
      deliveryId: `${paymentId}:${status}`,
      reference,
      state: partial ? 'settled' : STATES[status],
      total: partial ? null : minorOfPrice(payment.price_amount),
      currency: String(payment.price_currency).toUpperCase(),
    };
  },
};
