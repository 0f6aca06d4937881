/**
 * What every way of paying answers the billing service (`PaymentProviderAdapter`), and the amounts as gateways write
 * them. Each gateway's adapter lives in its own file (btcpay.ts, nowpayments.ts); providers.ts lists them.
 */
import type { Currency } from '@proxy/contract/money';
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

/** Minor units as a gateway's decimal string: 12345 → "123.45" (the site's currencies have two decimals). */
export function decimalAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
