import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { reportRequestError } from '@proxy/contract/forms';
import { useKitT } from '../i18n/use-kit-t.ts';
import { useRunAction, type ActionMessage } from '../resource.ts';

export interface OrderedListState<Row> {
  readonly rows: readonly Row[];
  readonly setRows: Dispatch<SetStateAction<readonly Row[]>>;
  /** True while the list loads or an action on it runs: the rows' buttons wait. */
  readonly busy: boolean;
  /** Runs an action on the list with its toast; answers its result, or undefined when it failed. */
  readonly run: <T>(send: () => Promise<T>, done: ActionMessage) => Promise<T | undefined>;
  /** Puts a saved row in place (or at the end when new). */
  readonly put: (row: Row) => void;
}

/**
 * A short ordered list (plans, menu items, a page's blocks) loaded whole when the screen opens — or given by the
 * screen's loader — and changed row by row. The first load is dropped if the screen closes first.
 */
export function useOrderedList<Row extends { readonly id: number }>(
  load: ((signal: AbortSignal) => Promise<readonly Row[]>) | { readonly initial: readonly Row[] },
): OrderedListState<Row> {
  const { t } = useKitT();
  const runAction = useRunAction();
  const given = 'initial' in load;
  const [rows, setRows] = useState<readonly Row[]>(given ? load.initial : []);
  const [busy, setBusy] = useState(!given);

  useEffect(() => {
    if ('initial' in load) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (list) => {
        setRows(list);
        setBusy(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setBusy(false);
        reportRequestError(error, {
          networkError: t('messages.networkError'),
          unknownError: t('messages.unknownError'),
        });
      },
    );
    return () => controller.abort();
    // Loads once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function run<T>(send: () => Promise<T>, done: ActionMessage): Promise<T | undefined> {
    setBusy(true);
    try {
      return await runAction(send, done);
    } finally {
      setBusy(false);
    }
  }

  const put = (row: Row) =>
    setRows((list) =>
      list.some((item) => item.id === row.id) ? list.map((item) => (item.id === row.id ? row : item)) : [...list, row],
    );

  return { rows, setRows, busy, run, put };
}

/** The ids of `siblings` with the one at `index` moved by one place. */
export function movedIds(siblings: readonly { readonly id: number }[], index: number, by: -1 | 1): number[] {
  const ids = siblings.map((row) => row.id);
  const [moved] = ids.splice(index, 1);
  ids.splice(index + by, 0, moved as number);
  return ids;
}
