/** How the money API words its refusals: DRF-shaped bodies in the request's language. */
import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';
import { fieldError } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { belowMinAmount, message } from '../../lib/messages.ts';
import { BillingRefusal } from './billing-service.ts';
import { GatewayError } from './btcpay.ts';
import { InsufficientFunds } from './ledger-repository.ts';

/** Runs an operation, answering the domain's refusals as 400s (422 for a reused key, 503 for the gateway). */
export async function withRefusals<T>(language: Language, currency: Currency, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InsufficientFunds)
      throw new HttpError(400, { detail: message('insufficientFunds', language) });
    if (error instanceof GatewayError) throw new HttpError(503, { detail: message('gatewayUnavailable', language) });
    if (!(error instanceof BillingRefusal)) throw error;
    switch (error.reason) {
      case 'method_unavailable':
        throw fieldError('method', message('methodUnavailable', language));
      case 'below_min':
        throw fieldError('amount', belowMinAmount(formatPrice(error.minAmount, currency, language), language));
      case 'idempotency_mismatch':
        throw new HttpError(422, { detail: message('idempotencyMismatch', language) });
      case 'settled':
        throw new HttpError(400, { detail: message('invoiceSettled', language) });
      case 'insufficient_funds':
        throw new HttpError(400, { detail: message('insufficientFunds', language) });
      default:
        throw new HttpError(400, { detail: message('invoiceNotPending', language) });
    }
  }
}

/** A unique index refusing a write (23505) or a row still referenced (23503), by the constraint's name. */
export function constraintOf(error: unknown, code: '23505' | '23503'): string | null {
  const { code: actual, constraint } = error as { code?: string; constraint?: string };
  return actual === code ? (constraint ?? '') : null;
}
