/**
 * BTCPay Server's Greenfield API, the subset a top-up needs (docs.btcpayserver.org/API/Greenfield/v1): create an
 * invoice in the site currency, read it back, and check a webhook's `BTCPay-Sig` header. The webhook itself is never
 * trusted for what it says: the service re-reads the invoice from the API before crediting.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@proxy/contract/money';
import type { Refusal } from '../../lib/refusal.ts';
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

/** Minor units as Greenfield's decimal string: 12345 → "123.45" (the site's currencies have two decimals). */
export function decimalAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

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
