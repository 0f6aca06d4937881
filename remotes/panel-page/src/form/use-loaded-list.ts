import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { showError } from './save.ts';

export interface LoadedList<T> {
  readonly items: readonly T[];
  readonly setItems: Dispatch<SetStateAction<readonly T[]>>;
  /** True while the first load runs; screens also set it around their own calls (a save, a move). */
  readonly loading: boolean;
  readonly setLoading: (loading: boolean) => void;
}

/** A list loaded once when the screen opens (the request is dropped if it closes first); a failure is toasted. */
export function useLoadedList<T>(
  load: (signal: AbortSignal) => Promise<readonly T[]>,
  messages: Parameters<typeof showError>[1],
): LoadedList<T> {
  const [items, setItems] = useState<readonly T[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (list) => {
        setItems(list);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        showError(error, messages);
      },
    );
    return () => controller.abort();
    // Loads once, when the screen opens: `load` and `messages` are new objects on every render.
  }, []);
  return { items, setItems, loading, setLoading };
}
