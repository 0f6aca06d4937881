import { useState } from 'react';
import { Link } from 'react-router';
import { getTransferCounts, listTransfers } from '@proxy/contract/api/transfers';
import { paths } from '@proxy/contract/routes';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import {
  TRANSFER_LIST,
  TRANSFER_STATES,
  type Transfer,
  type TransferDirection,
  type TransferListParams,
} from '@proxy/contract/schemas/transfers';
import { api } from '@proxy/contract/state';
import { LoadState, Pager, ui, useListInUrl, useLoaded } from '@proxy/site-kit';
import { useNow } from '../common/use-now.ts';
import { useT } from '../i18n/use-t.ts';
import { TransferRow } from './TransferRow.tsx';
import styles from './Transfers.module.css';

export const PAGE_SIZE = 20;

/**
 * `/ip/transfer` — the customer's transfers, one direction at a time (`?direction=incoming|outgoing`), filtered by
 * state (`?state=pending,accepted`) and paged, all in the URL. Without a direction in the URL the page opens on the
 * incoming offers when one awaits an answer (what the badge on the IP list led here for), else on the outgoing
 * ones, and stays there while the page is open; the choice is not written into the URL, so a reload decides again.
 */
export function TransfersPage() {
  const { t, language } = useT();
  const { params, update, hrefOf } = useListInUrl(TRANSFER_LIST);
  const counts = useLoaded(`counts|${language}`, (signal) => getTransferCounts(api, signal));
  const now = useNow(60_000);
  const asked = params.filters?.direction?.[0];
  const suggested: TransferDirection | undefined = counts.data
    ? counts.data.incoming_pending > 0
      ? 'incoming'
      : 'outgoing'
    : counts.failed
      ? 'incoming'
      : undefined;
  // The first suggestion stays for the visit: accepting the last incoming offer must not swap the tab (and the
  // answer's confirmation) away under the customer when the counts are read again.
  const [opened, setOpened] = useState<TransferDirection | undefined>(undefined);
  if (opened === undefined && suggested !== undefined) setOpened(suggested);
  const direction = asked ?? opened ?? suggested;
  const states = params.filters?.state;
  const page = params.page ?? 1;
  const query: TransferListParams | undefined = direction && {
    filters: { direction: [direction], ...(states ? { state: states } : {}) },
    ordering: '-created_at',
    page: params.page,
    page_size: PAGE_SIZE,
  };
  const list = useLoaded(
    query ? `${language}|${JSON.stringify(listQueryOf(TRANSFER_LIST, query))}` : 'waiting',
    (signal) => (query ? listTransfers(api, query, signal) : Promise.resolve(undefined)),
  );
  // Offers answered on this page, over the answer they were answered on; the next answer has them from the server.
  const [patches, setPatches] = useState<{ of: unknown; rows: ReadonlyMap<number, Transfer> }>({
    of: undefined,
    rows: new Map(),
  });
  const rows = (list.data?.results ?? []).map((row) =>
    patches.of === list.data ? (patches.rows.get(row.id) ?? row) : row,
  );
  const changed = (transfer: Transfer) => {
    setPatches((previous) => ({
      of: list.data,
      rows: new Map(previous.of === list.data ? previous.rows : []).set(transfer.id, transfer),
    }));
    counts.retry();
  };

  const base = { filters: { direction: direction ? [direction] : undefined, state: states } };
  const toggle = (state: (typeof TRANSFER_STATES)[number], on: boolean) => {
    const next = on ? [...(states ?? []), state] : (states ?? []).filter((other) => other !== state);
    update({ filters: { ...base.filters, state: next.length > 0 ? next : undefined } });
  };
  const directionHref = (next: TransferDirection) => hrefOf({ filters: { direction: [next], state: states } });
  const pendingOf = (side: TransferDirection) =>
    side === 'incoming' ? counts.data?.incoming_pending : counts.data?.outgoing_pending;

  return (
    <section className={ui.page} aria-labelledby="transfers-title">
      <Link to={paths.ipList(language)} className={ui.back}>
        {t('transfer.back')}
      </Link>
      <h1 id="transfers-title" className={ui.pageTitle}>
        {t('transfer.title')}
      </h1>
      <div className={styles.controls}>
        <nav className={`${ui.segmented} ${styles.directions}`} aria-label={t('transfer.directions.label')}>
          {(['incoming', 'outgoing'] as const).map((side) => {
            const pending = pendingOf(side) ?? 0;
            return (
              <Link
                key={side}
                to={directionHref(side)}
                preventScrollReset
                className={side === direction ? ui.segmentOn : ui.segment}
                aria-current={side === direction ? 'page' : undefined}
              >
                {t(`transfer.directions.${side}`)}
                {pending > 0 && (
                  <span className={ui.count}>
                    <span aria-hidden="true">{pending}</span>
                    <span className={ui.visuallyHidden}>{t('transfer.pendingCount', { count: pending })}</span>
                  </span>
                )}
              </Link>
            );
          })}
        </nav>
        <fieldset className={ui.chips}>
          <legend className={ui.fieldLabel}>{t('transfer.stateFilter')}</legend>
          {TRANSFER_STATES.map((state) => (
            <label key={state} className={ui.chip}>
              <input
                type="checkbox"
                checked={states?.includes(state) ?? false}
                onChange={(event) => toggle(state, event.target.checked)}
              />
              {t(`transfer.states.${state}`)}
            </label>
          ))}
        </fieldset>
      </div>

      {direction && <h2 className={ui.visuallyHidden}>{t(`transfer.directions.${direction}Title`)}</h2>}
      {list.failed || list.data === undefined || !direction ? (
        <LoadState loaded={list} />
      ) : list.data.count === 0 && states ? (
        <div className={ui.empty} role="status">
          <p className={ui.emptyTitle}>{t('transfer.noMatch')}</p>
          <button
            type="button"
            className={ui.secondaryButton}
            onClick={() => update({ filters: { direction: [direction] } })}
          >
            {t('transfer.reset')}
          </button>
        </div>
      ) : list.data.count === 0 && direction === 'incoming' ? (
        <div className={ui.empty} role="status">
          <p className={ui.emptyTitle}>{t('transfer.emptyIncoming')}</p>
          <p className={ui.muted}>{t('transfer.emptyIncomingText')}</p>
        </div>
      ) : list.data.count === 0 ? (
        <div className={ui.empty} role="status">
          <p className={ui.emptyTitle}>{t('transfer.emptyOutgoing')}</p>
          <p className={ui.muted}>{t('transfer.emptyOutgoingText')}</p>
          <Link to={paths.ipList(language)} className={ui.primaryButton}>
            {t('transfer.pickProxy')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.rows} aria-busy={list.loading} aria-label={t(`transfer.directions.${direction}Title`)}>
            {rows.map((transfer) => (
              <TransferRow key={transfer.id} transfer={transfer} now={now} onChanged={changed} />
            ))}
          </ul>
          <Pager
            page={page}
            count={list.data.count}
            pageSize={PAGE_SIZE}
            label={t('transfer.title')}
            onPage={(next) => update({ ...base, page: next > 1 ? next : undefined })}
          />
        </>
      )}
    </section>
  );
}
