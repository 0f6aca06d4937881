import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The last answer, kept while the next one loads (a page change does not blank the table). */
  readonly data: T | undefined;
  /** A request for the current key is under way: the answer on screen (if any) is for an earlier one. */
  readonly loading: boolean;
  /** The request for the current key failed; `error` is what it threw (an `ApiError`, a `NetworkError`). */
  readonly failed: boolean;
  readonly error: unknown;
  /** Asks again for the same key: "Try again", or after a change made elsewhere on the page. */
  readonly retry: () => void;
}

/**
 * The site's one data loader: loads `load()` whenever `key` changes (the key names everything the request depends
 * on: its query, the language, a balance that moved), aborting the request still running for the previous key and
 * dropping any answer that is not for the current one, so a late answer never overwrites a newer one. A null key
 * asks nothing (a form not yet complete). `delay` waits for the key to rest first: one request for a typed promo
 * code, not one a letter.
 *
 * Our own hook rather than TanStack Query: the customer pages need exactly this (no cache shared between pages, no
 * background refetching), it weighs a few hundred bytes instead of ~13 KB gzip, and it needs no provider in the
 * shell, whose first paint has no bytes to spare.
 */
export function useLoaded<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { delay = 0 }: { readonly delay?: number } = {},
): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown; failed: boolean }>({
    key: null,
    failed: false,
  });
  const current = key === null ? null : `${key}#${attempt}`;
  useEffect(() => {
    if (current === null) return;
    const controller = new AbortController();
    const run = () =>
      load(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ key: current, data, failed: false });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setState((previous) => ({ key: current, data: previous.data, error, failed: true }));
          }
        },
      );
    const timer = delay > 0 ? setTimeout(() => void run(), delay) : undefined;
    if (timer === undefined) void run();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `load` is a new function every render; `current` says when it asks something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const answered = current !== null && state.key === current;
  return {
    data: state.data,
    loading: current !== null && !answered,
    failed: answered && state.failed,
    error: answered ? state.error : undefined,
    retry: useCallback(() => setAttempt((count) => count + 1), []),
  };
}
