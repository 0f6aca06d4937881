/**
 * The ways of paying, behind one interface: the service creates invoices, credits them and records webhook
 * deliveries the same way for all of them, and asks the method's provider only what differs — whether the method is
 * set up, what address a new invoice shows, whether a checkout opens elsewhere, and what a webhook delivery says.
 * A new gateway is one more adapter (NOWPayments' lives in nowpayments.ts) and one more name in the contract.
 */
import type { Currency } from '@proxy/contract/money';
import type { PaymentProvider } from '@proxy/contract/schemas/billing';
import {
  createBtcpayInvoice,
  getBtcpayInvoice,
  parseEvent,
  validSignature,
  type BtcpayInvoice,
  type BtcpayStore,
} from './btcpay.ts';
import { nowpayments } from './nowpayments.ts';
import type { StoredMethod } from './payment-methods-repository.ts';

export interface CheckoutRequest {
  readonly invoiceId: number;
  /** What the customer pays, in minor units of `currency`. */
  readonly total: number;
  readonly currency: Currency;
  /** Where the gateway sends the customer back. */
  readonly returnUrl: string;
  /** The method's webhook URL, for a gateway that takes it per invoice (NOWPayments' `ipn_callback_url`). */
  readonly webhookUrl: string;
  readonly expirationMinutes: number;
}

/** A payment page at the gateway, and the gateway's own id of the invoice (webhooks name it). */
export interface Checkout {
  readonly reference: string;
  readonly url: string;
}

/** What a webhook delivery says, once its signature is checked and the invoice re-read from the gateway. */
export type GatewayEvent =
  | { readonly kind: 'refused'; readonly reason: 'bad_signature' | 'malformed' | 'other_store' }
  /** Valid, but about nothing the site acts on (a store event, a payment still confirming). */
  | { readonly kind: 'ignored' }
  | {
      readonly kind: 'invoice';
      /** Unique per delivery: a replay carries the same one. */
      readonly deliveryId: string;
      /** The gateway's id of the invoice (`invoices.provider_reference`). */
      readonly reference: string;
      readonly state: 'settled' | 'expired' | 'invalid' | 'open';
      /** What the gateway says was asked, in minor units and currency, to compare with the invoice before crediting. */
      readonly total: number | null;
      readonly currency: string;
    };

export interface PaymentProviderAdapter {
  /** The method has what taking a payment needs (a gateway: its server, store and keys). */
  ready(method: StoredMethod): boolean;
  /** The address a new invoice shows with its QR code ('' when the customer pays elsewhere). */
  payAddress(method: StoredMethod): string;
  /** Opens the payment at the gateway (refused while it is unavailable); null when the customer follows the instructions. */
  openCheckout(method: StoredMethod, request: CheckoutRequest): Promise<Checkout | null>;
  /** A webhook delivery, verified on its raw bytes and re-read from the gateway; absent: the provider has none. */
  readWebhook?(method: StoredMethod, rawBody: Buffer, signature: string | undefined): Promise<GatewayEvent>;
  /** The request header that carries a webhook's signature. */
  readonly signatureHeader?: string;
  /**
   * The gateway account a method's webhooks speak for (BTCPay: its server and store); the service checks, under the
   * invoice's lock, that the method still points there, so an edit racing a delivery cannot let another store's
   * delivery through.
   */
  account?(method: StoredMethod): string;
  /** The settings and secrets a method of this provider must have, checked when staff save it. */
  readonly requires?: readonly (readonly ['settings' | 'secrets', string])[];
}

/** Minor units from a gateway's decimal string ("1234.5" → 123450); null for anything that is not such a number. */
export function minorFromDecimal(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const manual: PaymentProviderAdapter = {
  ready: () => true,
  payAddress: (method) => method.settings.address,
  openCheckout: async () => null,
};

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

/** BTCPay Server's Greenfield API (btcpay.ts): checkout in the site currency, `BTCPay-Sig` webhooks. */
const btcpay: PaymentProviderAdapter = {
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

export const PROVIDERS: Readonly<Record<PaymentProvider, PaymentProviderAdapter>> = { manual, btcpay, nowpayments };
