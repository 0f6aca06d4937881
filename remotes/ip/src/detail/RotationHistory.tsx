import { useState } from 'react';
import { operatorName } from '@proxy/contract/countries';
import { listProxyRotations } from '@proxy/contract/api/proxies';
import { DEFAULT_PAGE_SIZE } from '@proxy/contract/api/pagination';
import { api } from '@proxy/contract/state';
import { formatDateTime, LoadState, Pager, ui, useLoaded } from '@proxy/site-kit';
import { usePlaceName } from '../common/ProxyName.tsx';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxyPage.module.css';

/**
 * The proxy's IP changes, newest first, a page at a time (the API's default size): old → new address, when, who asked
 * for it, and whether it was a reboot of the modem, a move of the proxy to another place (with both places) or its
 * replacement with another modem of its place.
 */
export function RotationHistory({ proxyId, refresh }: { proxyId: number; refresh: number }) {
  const { t, language } = useT();
  const placeName = usePlaceName();
  const [page, setPage] = useState(1);
  const history = useLoaded(`${proxyId}|${page}|${refresh}|${language}`, (signal) =>
    listProxyRotations(api, proxyId, page, signal),
  );
  return (
    <div className={styles.history}>
      <h3 id="history-title" className={ui.subTitle}>
        {t('history.title')}
      </h3>
      {history.failed || !history.data || history.data.count === 0 ? (
        <LoadState loaded={history} empty={t('history.empty')} />
      ) : (
        <>
          <table
            className={`${ui.table} ${styles.historyTable}`}
            aria-labelledby="history-title"
            aria-busy={history.loading}
          >
            <thead>
              <tr>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.change')}</th>
                <th scope="col">{t('history.source')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.results.map((rotation) => (
                <tr key={`${rotation.kind}-${rotation.id}`}>
                  <td data-label={t('history.when')}>{formatDateTime(rotation.requested_at, language)}</td>
                  <td data-label={t('history.change')}>
                    <span className={styles.change}>
                      <code>{rotation.old_ip ?? t('proxy.noIp')}</code>
                      <span aria-hidden="true" className={ui.muted}>
                        {t('history.arrow')}
                      </span>
                      <span className={ui.visuallyHidden}>{t('history.to')}</span>
                      <code>
                        {rotation.new_ip ?? (rotation.status === 'failed' ? t('history.failed') : t('history.pending'))}
                      </code>
                    </span>
                  </td>
                  <td data-label={t('history.source')}>
                    {rotation.kind === 'move' && rotation.move
                      ? t('history.move', {
                          from: `${placeName(rotation.move.from)}, ${operatorName(rotation.move.from, language)}`,
                          to: `${placeName(rotation.move.to)}, ${operatorName(rotation.move.to, language)}`,
                        })
                      : rotation.kind === 'replace'
                        ? t('history.replace')
                        : rotation.kind === 'reboot'
                          ? t('history.reboot', { source: t(`history.sources.${rotation.source}`) })
                          : t(`history.sources.${rotation.source}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            count={history.data.count}
            pageSize={DEFAULT_PAGE_SIZE}
            label={t('history.title')}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
