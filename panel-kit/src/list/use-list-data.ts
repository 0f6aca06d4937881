import { useEffect, useState } from 'react';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError } from '@proxy/contract/forms';
import { useKitT } from '../i18n/use-kit-t.ts';

export interface ListWindow<Row> {
  readonly rows: readonly Row[];
  readonly total: number;
}

export interface ListData<Row> extends ListWindow<Row> {
  /** True while the rows shown answer an older query than the current one. */
  readonly loading: boolean;
  /** The current query's load failed (the rows shown, if any, answer an older one). */
  readonly failed: boolean;
  /** Loads the same query again (after a delete). */
  readonly reload: () => void;
}

/**
 * The rows of one query, fetched when the query changes. The previous request is aborted, an answer to an older
 * query never replaces a newer one, and a failure is toasted while the old rows stay. A page past the end (rows
 * deleted meanwhile: DRF answers 404) calls `onPastEnd`, which answers true when it went back to the first page.
 */
export function useListData<Row, Query>(
  query: Query,
  load: (query: Query, signal: AbortSignal) => Promise<ListWindow<Row>>,
  onPastEnd: () => boolean,
): ListData<Row> {
  const { t } = useKitT();
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify([query, reloads]);
  const [result, setResult] = useState<ListWindow<Row> & { key: string; failed?: boolean }>({
    key: '',
    rows: [],
    total: 0,
  });

  useEffect(() => {
    const controller = new AbortController();
    load(query, controller.signal).then(
      (window) => {
        // An answer to a query that has since changed (a loader that ignores the abort) is dropped.
        if (!controller.signal.aborted) setResult({ ...window, key });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult((current) => ({ ...current, key, failed: true }));
        if (error instanceof ApiError && error.status === 404 && onPastEnd()) return;
        reportRequestError(error, {
          networkError: t('messages.networkError'),
          unknownError: t('messages.unknownError'),
        });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch only when the query (or a reload) changes
  }, [key]);

  return {
    rows: result.rows,
    total: result.total,
    loading: result.key !== key,
    failed: result.key === key && result.failed === true,
    reload: () => setReloads((count) => count + 1),
  };
}
