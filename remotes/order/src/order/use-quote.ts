import { quoteOrder } from '@proxy/contract/api/orders';
import type { OrderRequest, Quote } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';
import { useLoaded } from '@proxy/site-kit';

/** How long the choices must rest before a quote is asked: one request for a typed promo code, not one a letter. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteState {
  /** The last quote, kept while the next one is asked (the figures do not blink away at every change). */
  readonly quote: Quote | undefined;
  /** The quote on screen is for the order as it stands now. */
  readonly fresh: boolean;
  /** The last request for the order as it stands failed (an `ApiError`, a `NetworkError`). */
  readonly error: unknown;
  /** Asks again for the same order: "Try again", and after a refused order (stock, balance or price moved). */
  readonly refresh: () => void;
}

/**
 * The quote for `request`, asked again (by the site kit's loader: after a pause, the running request aborted, a late
 * answer dropped) whenever it or `context` (what else the answer depends on: the balance, the language) changes.
 * Null asks nothing (the order is not complete).
 */
export function useQuote(request: OrderRequest | null, context: string): QuoteState {
  const loaded = useLoaded(
    request && `${JSON.stringify(request)}|${context}`,
    (signal) => quoteOrder(api, request as OrderRequest, signal),
    { delay: QUOTE_DEBOUNCE_MS },
  );
  return {
    quote: loaded.data,
    fresh: request !== null && !loaded.loading && !loaded.failed,
    error: loaded.error,
    refresh: loaded.retry,
  };
}
