import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { getProxyChoices, listProxies } from '@proxy/contract/api/proxies';
import { getTransferCounts } from '@proxy/contract/api/transfers';
import { paths } from '@proxy/contract/routes';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import {
  EXPORT_FORMATS,
  PROXY_LIST,
  type ExportFormat,
  type Proxy,
  type ProxyListParams,
} from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { LoadState, Pager, ui, useListInUrl, useLoaded } from '@proxy/site-kit';
import { RenewDialog } from '../common/RenewDialog.tsx';
import { useFocusRescue } from '../common/use-focus-rescue.ts';
import { useT } from '../i18n/use-t.ts';
import { downloadProxies, type ExportFile } from './export.ts';
import { DEFAULT_ORDERING, ListFilters } from './ListFilters.tsx';
import { ProxyRow } from './ProxyRow.tsx';
import styles from './IpListPage.module.css';

export const PAGE_SIZE = 20;

/**
 * `/ip` — the customer's proxies. Search, sort, filters and the page live in the URL (the kit's `useListInUrl`),
 * so a filtered view survives a reload and can be shared; the selection (for export and renewal) lives on the page
 * and follows the customer across pages until cleared.
 */
export function IpListPage() {
  const { t, tp, language } = useT();
  const { params, update } = useListInUrl(PROXY_LIST);
  const query: ProxyListParams = { ...params, ordering: params.ordering ?? DEFAULT_ORDERING, page_size: PAGE_SIZE };
  const list = useLoaded(`${language}|${JSON.stringify(listQueryOf(PROXY_LIST, query))}`, (signal) =>
    listProxies(api, query, signal),
  );
  const choices = useLoaded(`choices|${language}`, (signal) => getProxyChoices(api, signal));
  // Offers waiting for this customer's answer, as a badge on the way to them; without an answer, just the link.
  const transfers = useLoaded(`transfer-counts|${language}`, (signal) => getTransferCounts(api, signal));
  const incoming = transfers.data?.incoming_pending ?? 0;
  const [format, setFormat] = useState<ExportFormat>('http');
  const [renewing, setRenewing] = useState<readonly Proxy[] | null>(null);
  // Changes made on this page (auto-renew, a new IP) over the rows of the answer they were made on; the next answer
  // has them from the server.
  const [patches, setPatches] = useState<{ of: unknown; rows: ReadonlyMap<number, Partial<Proxy>> }>({
    of: undefined,
    rows: new Map(),
  });
  const rows = (list.data?.results ?? []).map((proxy) =>
    patches.of === list.data ? { ...proxy, ...patches.rows.get(proxy.id) } : proxy,
  );

  // The selection belongs to the view it was made in — the search and filters, not the page, which it follows. A
  // filter that hides selected proxies takes them out of it, so "Renew selected" never renews rows the customer no
  // longer sees (#49: it stayed active, counting proxies the filter hid). Until the new view's answer comes, only the
  // rows on screen count.
  const view = JSON.stringify([params.search, params.filters]);
  const [selection, setSelection] = useState<{ view: string; rows: ReadonlyMap<number, Proxy> }>({
    view,
    rows: new Map(),
  });
  const visible = (chosen: ReadonlyMap<number, Proxy>) =>
    new Map([...chosen].filter(([id]) => rows.some((proxy) => proxy.id === id)));
  const selected = selection.view === view ? selection.rows : visible(selection.rows);
  if (selection.view !== view && !list.loading) setSelection({ view, rows: selected });
  const setSelected = (change: (previous: ReadonlyMap<number, Proxy>) => ReadonlyMap<number, Proxy>) =>
    setSelection((previous) => ({
      view,
      rows: change(previous.view === view ? previous.rows : visible(previous.rows)),
    }));

  const filtered = params.search !== undefined || params.filters !== undefined;
  const reset = () => update({ ordering: params.ordering });
  const page = params.page ?? 1;
  // A customer without any proxy gets the way to order one, not filters and formats for an empty table.
  const none = list.data?.count === 0 && !filtered;

  const patch = (id: number, changes: Partial<Proxy>) =>
    setPatches((previous) => {
      const current = previous.of === list.data ? previous.rows : new Map<number, Partial<Proxy>>();
      return { of: list.data, rows: new Map(current).set(id, { ...current.get(id), ...changes }) };
    });
  const select = (proxy: Proxy, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(proxy.id, proxy);
      else next.delete(proxy.id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((proxy) => selected.has(proxy.id));
  const someOnPage = rows.some((proxy) => selected.has(proxy.id));
  const selectPage = (on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      for (const proxy of rows) {
        if (on) next.set(proxy.id, proxy);
        else next.delete(proxy.id);
      }
      return next;
    });
  const download = (file: ExportFile) => downloadProxies([...selected.values()], format, file);
  const area = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useFocusRescue(area, title);

  return (
    <section ref={area} className={ui.page} aria-labelledby="ip-list-title">
      <div className={ui.bar}>
        <h1 id="ip-list-title" ref={title} tabIndex={-1} className={ui.pageTitle}>
          {t('list.title')}
        </h1>
        <div className={styles.headerLinks}>
          <Link to={paths.ipTransfer(undefined, language)} className={ui.secondaryButton}>
            {t('transfer.link')}
            {incoming > 0 && (
              <span className={`${ui.count} ${styles.count}`}>
                <span aria-hidden="true">{incoming}</span>
                <span className={ui.visuallyHidden}>{tp('transfer.linkPending', incoming)}</span>
              </span>
            )}
          </Link>
          <Link to={paths.order(language)} className={ui.primaryButton}>
            {t('list.order')}
          </Link>
        </div>
      </div>
      {!none && (
        <ListFilters
          params={params}
          choices={choices.data}
          onChange={(next) => update({ ...next })}
          onReset={filtered ? reset : undefined}
        />
      )}
      {!none && (
        <div className={styles.toolbar}>
          <label className={styles.format}>
            <span className={ui.fieldLabel}>{t('export.format')}</span>
            <select value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
              {EXPORT_FORMATS.map((option) => (
                <option key={option} value={option}>
                  {t(`export.formats.${option}`)}
                </option>
              ))}
            </select>
          </label>
          {selected.size > 0 && (
            <div className={styles.bulk} role="group" aria-label={t('bulk.label')}>
              <span className={styles.bulkCount} aria-live="polite">
                {tp('bulk.selected', selected.size)}
              </span>
              <button type="button" className={ui.secondaryButton} onClick={() => download('txt')}>
                {t('export.txt')}
              </button>
              <button type="button" className={ui.secondaryButton} onClick={() => download('csv')}>
                {t('export.csv')}
              </button>
              <button type="button" className={ui.primaryButton} onClick={() => setRenewing([...selected.values()])}>
                {t('bulk.renew')}
              </button>
              <button type="button" className={ui.linkButton} onClick={() => setSelected(() => new Map())}>
                {t('bulk.clear')}
              </button>
            </div>
          )}
        </div>
      )}

      {list.failed || list.data === undefined ? (
        <LoadState loaded={list} />
      ) : list.data.count === 0 && filtered ? (
        <div className={ui.empty} role="status">
          <p className={ui.emptyTitle}>{t('list.noMatch')}</p>
          <button type="button" className={ui.secondaryButton} onClick={reset}>
            {t('filters.reset')}
          </button>
        </div>
      ) : list.data.count === 0 ? (
        <div className={ui.empty}>
          <p className={ui.emptyTitle}>{t('list.empty')}</p>
          <p className={ui.muted}>{t('list.emptyText')}</p>
          <Link to={paths.order(language)} className={ui.primaryButton}>
            {t('list.emptyOrder')}
          </Link>
        </div>
      ) : (
        <>
          <table className={`${ui.table} ${styles.table}`} aria-busy={list.loading} aria-labelledby="ip-list-title">
            <thead>
              <tr>
                <th scope="col" className={styles.selectCell}>
                  <input
                    type="checkbox"
                    checked={allOnPage}
                    ref={(input) => {
                      if (input) input.indeterminate = someOnPage && !allOnPage;
                    }}
                    onChange={(event) => selectPage(event.target.checked)}
                    aria-label={t('list.selectPage')}
                  />
                </th>
                <th scope="col">{t('list.columns.proxy')}</th>
                <th scope="col">{t('list.columns.operator')}</th>
                <th scope="col">{t('list.columns.connection')}</th>
                <th scope="col">{t('list.columns.ip')}</th>
                <th scope="col">{t('list.columns.expires')}</th>
                <th scope="col">{t('list.columns.autoRenew')}</th>
                <th scope="col">
                  <span className={ui.visuallyHidden}>{t('list.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((proxy) => (
                <ProxyRow
                  key={proxy.id}
                  proxy={proxy}
                  format={format}
                  selected={selected.has(proxy.id)}
                  onSelect={(on) => select(proxy, on)}
                  onChange={(changes) => patch(proxy.id, changes)}
                  onRenew={() => setRenewing([proxy])}
                />
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            count={list.data.count}
            pageSize={PAGE_SIZE}
            label={t('list.title')}
            onPage={(next) => update({ ...params, page: next > 1 ? next : undefined })}
          />
        </>
      )}
      {renewing && (
        <RenewDialog
          proxies={renewing}
          onClose={() => setRenewing(null)}
          onRenewed={() => {
            // New expiry dates, days left and states come with the next answer.
            list.retry();
            setSelected(() => new Map());
          }}
        />
      )}
    </section>
  );
}
