import { useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The last answer, kept while the next one loads (a page change does not blank the table). */
  readonly data: T | undefined;
  /** The answer on screen is not for the current key yet. */
  readonly loading: boolean;
  readonly failed: boolean;
  readonly retry: () => void;
}

/**
 * Loads `load()` whenever `key` changes (it names everything the request depends on: its query, the language),
 * dropping answers to an earlier key; `retry` asks again for the same key (after a failure, or after a change made
 * elsewhere on the page, such as a renewal).
 */
export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; data?: T; failed: boolean }>({ key: '', failed: false });
  const current = `${key}#${attempt}`;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key: current, data, failed: false }),
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ key: current, data: previous.data, failed: true }));
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; `current` says when it asks something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  return {
    data: state.data,
    loading: state.key !== current,
    failed: state.failed && state.key === current,
    retry: () => setAttempt((count) => count + 1),
  };
}
