import { useEffect, useState } from 'react';
import { quoteOrder } from '@proxy/contract/api/orders';
import type { OrderRequest, Quote } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';

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
 * The quote for `request`, asked again whenever it or `context` (what else the answer depends on: the balance, the
 * language) changes, after a pause; a request still running for an earlier order is aborted, so a late answer never
 * overwrites a newer one. Null asks nothing (the order is not complete).
 */
export function useQuote(request: OrderRequest | null, context: string): QuoteState {
  const [asks, setAsks] = useState(0);
  const [state, setState] = useState<{ key: string; quote?: Quote; error?: unknown }>({ key: '' });
  const key = request ? `${JSON.stringify(request)}|${context}|${asks}` : '';
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      quoteOrder(api, request, controller.signal).then(
        (quote) => setState({ key, quote }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState((previous) => ({ key, quote: previous.quote, error }));
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` names everything the request depends on; `request` is a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = key !== '' && state.key === key;
  return {
    quote: state.quote,
    fresh: current && state.error === undefined,
    error: current ? state.error : undefined,
    refresh: () => setAsks((count) => count + 1),
  };
}
