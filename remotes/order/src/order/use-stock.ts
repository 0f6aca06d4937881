import { useEffect, useState } from 'react';
import { getStock } from '@proxy/contract/api/orders';
import type { Stock } from '@proxy/contract/schemas/orders';
import { api } from '@proxy/contract/state';

export interface StockState {
  /** The last answer, kept while a reload runs (the form stays on screen while the counts refresh). */
  readonly stock: Stock | undefined;
  readonly failed: boolean;
  /** Asks again: "Try again" after a failure, and fresh counts after an order was refused for want of stock. */
  readonly reload: () => void;
}

/** What is in stock and the price list (`GET /api/stock/`), in the interface language (plan titles). */
export function useStock(language: string): StockState {
  const [loads, setLoads] = useState(0);
  const [state, setState] = useState<{ stock?: Stock; failed: boolean }>({ failed: false });
  useEffect(() => {
    const controller = new AbortController();
    getStock(api, controller.signal).then(
      (stock) => setState({ stock, failed: false }),
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, failed: true }));
      },
    );
    return () => controller.abort();
  }, [language, loads]);
  return { stock: state.stock, failed: state.failed, reload: () => setLoads((count) => count + 1) };
}
