/**
 * BTCPay Server's Greenfield API, the subset a top-up needs (docs.btcpayserver.org/API/Greenfield/v1): create an
 * invoice in the site currency, read it back, and check a webhook's `BTCPay-Sig` header. The webhook itself is never
 * trusted for what it says: the service re-reads the invoice from the API before crediting.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@proxy/contract/money';
import type { Refusal } from '../../lib/refusal.ts';
import { decimalAmount, minorFromDecimal, type PaymentProviderAdapter } from './gateway.ts';
import type { StoredMethod } from './payment-methods-repository.ts';
import { BILLING_REFUSALS } from './refusals.ts';

export interface BtcpayStore {
  /** Base URL of the BTCPay Server (`https://pay.example.com`). */
  readonly serverUrl: string;
  readonly storeId: string;
  readonly apiKey: string;
}

/** Greenfield's invoice states; only `Settled` credits. */
export type BtcpayStatus = 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';

export interface BtcpayInvoice {
  readonly id: string;
  /** The store the invoice belongs to (Greenfield names it in every invoice it returns). */
  readonly storeId?: string;
  readonly status: BtcpayStatus;
  readonly amount: string;
  readonly currency: string;
  readonly checkoutLink: string;
}

/**
 * The gateway could not be reached or answered something other than an invoice: refused as unavailable (503, and a
 * webhook's gateway delivers again), with what happened kept for the log.
 */
function gatewayDown(what: string, cause?: unknown): Refusal {
  return BILLING_REFUSALS.gatewayUnavailable({ cause: new Error(what, { cause }) });
}

const TIMEOUT_MS = 10_000;

function invoicesUrl(store: BtcpayStore, id = ''): string {
  const base = store.serverUrl.replace(/\/+$/, '');
  return `${base}/api/v1/stores/${encodeURIComponent(store.storeId)}/invoices${id ? `/${encodeURIComponent(id)}` : ''}`;
}

async function call(store: BtcpayStore, url: string, init: RequestInit = {}): Promise<BtcpayInvoice> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        Authorization: `token ${store.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw gatewayDown(`BTCPay is unreachable: ${(error as Error).message}`, error);
  }
  if (!response.ok) throw gatewayDown(`BTCPay answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as Partial<BtcpayInvoice> | null;
  if (!body || typeof body.id !== 'string' || typeof body.status !== 'string') {
    throw gatewayDown('BTCPay answered something other than an invoice');
  }
  return body as BtcpayInvoice;
}

export function createBtcpayInvoice(
  store: BtcpayStore,
  invoice: {
    readonly id: number;
    readonly total: number;
    readonly currency: Currency;
    readonly redirectUrl: string;
    readonly expirationMinutes: number;
  },
): Promise<BtcpayInvoice> {
  return call(store, invoicesUrl(store), {
    method: 'POST',
    body: JSON.stringify({
      amount: decimalAmount(invoice.total),
      currency: invoice.currency,
      // Ours, so the store's own list shows which top-up it was.
      metadata: { orderId: `invoice-${invoice.id}` },
      checkout: {
        redirectURL: invoice.redirectUrl,
        redirectAutomatically: true,
        expirationMinutes: invoice.expirationMinutes,
      },
    }),
  });
}

export function getBtcpayInvoice(store: BtcpayStore, id: string): Promise<BtcpayInvoice> {
  return call(store, invoicesUrl(store, id));
}

/** Exactly what BTCPay sends: `sha256=` and 64 hex digits (Buffer's hex parsing would stop at a bad one and pass). */
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>`, compared in constant time. */
export function validSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  const hex = header === undefined ? undefined : SIGNATURE.exec(header)?.[1];
  if (!hex || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}

/** The fields of a webhook delivery the service reads (InvoiceSettled, InvoiceExpired, InvoiceInvalid, ...). */
export interface BtcpayEvent {
  readonly deliveryId: string;
  readonly type: string;
  readonly storeId: string;
  readonly invoiceId: string;
}

export function parseEvent(rawBody: Buffer): BtcpayEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const event = body as Partial<BtcpayEvent> | null;
  const text = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 200;
  if (!event || !text(event.deliveryId) || !text(event.type) || !text(event.storeId) || !text(event.invoiceId)) {
    return null;
  }
  return event as BtcpayEvent;
}

function btcpayStore(method: StoredMethod): BtcpayStore | null {
  const { server_url: serverUrl, store_id: storeId } = method.settings;
  const apiKey = method.secrets.api_key;
  return serverUrl && storeId && apiKey ? { serverUrl, storeId, apiKey } : null;
}

const BTCPAY_STATES: Readonly<Record<BtcpayInvoice['status'], 'settled' | 'expired' | 'invalid' | 'open'>> = {
  New: 'open',
  Processing: 'open',
  Settled: 'settled',
  Expired: 'expired',
  Invalid: 'invalid',
};

/** BTCPay Server's Greenfield API: checkout in the site currency, `BTCPay-Sig` webhooks. */
export const btcpay: PaymentProviderAdapter = {
  ready: (method) => btcpayStore(method) !== null,
  payAddress: () => '',
  async openCheckout(method, request) {
    const store = btcpayStore(method);
    if (!store) return null;
    const remote = await createBtcpayInvoice(store, {
      id: request.invoiceId,
      total: request.total,
      currency: request.currency,
      redirectUrl: request.returnUrl,
      expirationMinutes: request.expirationMinutes,
    });
    return { reference: remote.id, url: remote.checkoutLink };
  },
  signatureHeader: 'btcpay-sig',
  account: (method) => `${method.settings.server_url ?? ''} ${method.settings.store_id ?? ''}`,
  requires: [
    ['settings', 'server_url'],
    ['settings', 'store_id'],
    ['secrets', 'api_key'],
    ['secrets', 'webhook_secret'],
  ],
  async readWebhook(method, rawBody, signature) {
    if (!validSignature(rawBody, signature, method.secrets.webhook_secret ?? '')) {
      return { kind: 'refused', reason: 'bad_signature' };
    }
    const event = parseEvent(rawBody);
    if (!event) return { kind: 'refused', reason: 'malformed' };
    const store = btcpayStore(method);
    if (!store || event.storeId !== store.storeId) return { kind: 'refused', reason: 'other_store' };
    if (!event.type.startsWith('Invoice')) return { kind: 'ignored' };
    // The delivery only says something happened; what did is read from the gateway itself.
    const remote = await getBtcpayInvoice(store, event.invoiceId);
    if (remote.storeId !== undefined && remote.storeId !== store.storeId)
      return { kind: 'refused', reason: 'other_store' };
    return {
      kind: 'invoice',
      deliveryId: `${store.storeId}:${event.deliveryId}`,
      reference: remote.id,
      state: BTCPAY_STATES[remote.status] ?? 'open',
      total: minorFromDecimal(String(remote.amount)),
      currency: remote.currency,
    };
  },
};
