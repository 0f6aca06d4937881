/** How ordering words its refusals: DRF-shaped bodies in the request's language, with the statuses of the contract. */
import type { Language } from '@proxy/contract/languages';
import { fieldError } from '../../lib/drf-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idempotencyMismatch } from '../../lib/idempotency.ts';
import { message, type MessageKey, outOfStock } from '../../lib/messages.ts';
import { InsufficientFunds, type PromoRefusal } from '../billing/index.ts';
import { NoFreePorts } from '../farm/index.ts';

/** A rule of ordering said no; nothing was written (its transaction rolled back). */
export class OrderRefusal extends Error {
  readonly reason: 'no_price' | 'promo' | 'out_of_stock' | 'idempotency_mismatch' | 'not_owned' | 'blocked';
  readonly promo: PromoRefusal | null;
  /** How many modems of the place could be had (`out_of_stock`). */
  readonly free: number;

  constructor(reason: OrderRefusal['reason'], details: { promo?: PromoRefusal; free?: number } = {}) {
    super(`order refused: ${reason}`);
    this.name = 'OrderRefusal';
    this.reason = reason;
    this.promo = details.promo ?? null;
    this.free = details.free ?? 0;
  }
}

const PROMO_MESSAGES: Readonly<Record<PromoRefusal, MessageKey>> = {
  unknown: 'promoUnknown',
  inactive: 'promoInactive',
  not_yet: 'promoNotYet',
  expired: 'promoExpired',
  used_up: 'promoUsedUp',
  used: 'promoUsed',
};

export const promoMessage = (refusal: PromoRefusal, language: Language) => message(PROMO_MESSAGES[refusal], language);

/**
 * Runs an operation, answering its refusals: 400 on `period_days`, `promo_code` or `ids`; 409 `{detail}` for too few
 * free modems; 402 `{detail}` for a balance that does not cover the total; 422 for a key used with another request.
 */
export async function withRefusals<T>(language: Language, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new HttpError(402, { detail: message('insufficientFunds', language) });
    }
    // A host whose port range is used up sells nothing more until staff widen it: for the customer, no stock.
    if (error instanceof NoFreePorts) throw new HttpError(409, { detail: outOfStock(0, language) });
    if (!(error instanceof OrderRefusal)) throw error;
    switch (error.reason) {
      case 'no_price':
        throw fieldError('period_days', message('periodNotPriced', language));
      case 'promo':
        throw fieldError('promo_code', promoMessage(error.promo ?? 'unknown', language));
      case 'out_of_stock':
        throw new HttpError(409, { detail: outOfStock(error.free, language) });
      case 'idempotency_mismatch':
        throw idempotencyMismatch(language);
      case 'not_owned':
        throw fieldError('ids', message('doesNotExist', language));
      // Staff blocked the account while the request was under way: as if its login had been refused already.
      case 'blocked':
        throw new HttpError(401, { detail: message('userInactive', language) }, { 'www-authenticate': 'Token' });
    }
  }
}
