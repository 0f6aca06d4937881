import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { operatorName } from '@proxy/contract/countries';
import { listTransfers } from '@proxy/contract/api/transfers';
import { paths } from '@proxy/contract/routes';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { TRANSFER_TTL_HOURS, type Transfer } from '@proxy/contract/schemas/transfers';
import { api } from '@proxy/contract/state';
import { Card, formatDate, formatDateTime, LoadState, ui, useLoaded, useProxyName } from '@proxy/site-kit';
import { DaysLeft, OnlineDot, Place, StateBadge } from '../common/ProxyName.tsx';
import { useT } from '../i18n/use-t.ts';
import { OfferForm } from './OfferForm.tsx';
import { PendingOffer } from './PendingOffer.tsx';
import card from '../detail/ProxyPage.module.css';
import styles from './Transfers.module.css';

/** What the page last did, said above the offer or the form. */
type Notice =
  | { readonly kind: 'sent'; readonly offer: Transfer }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'conflict'; readonly detail: string };

/** A customer has few offers waiting at once; one page of them is searched for this proxy's. */
const PENDING_PAGE = 100;

/**
 * `/ip/transfer/{id}` — offering proxy `{id}` to another customer: which proxy, what accepting it changes, then
 * either the offer already waiting for an answer (with Cancel) or the form (recipient's e-mail, an optional note).
 * The confirmation never says whether the address is a customer's: the API answers both alike.
 */
export function OfferPage({ proxy }: { proxy: Proxy }) {
  const { t, tp, language } = useT();
  const title = useProxyName();
  const waiting = useLoaded(`pending|${proxy.id}|${language}`, (signal) =>
    listTransfers(
      api,
      { filters: { direction: ['outgoing'], state: ['pending'] }, page_size: PENDING_PAGE },
      signal,
    ).then((found) => found.results.find((offer) => offer.proxy_id === proxy.id) ?? null),
  );
  // The offer as this page changed it (made, cancelled), over the one loaded for this proxy.
  const [changed, setChanged] = useState<{ of: unknown; offer: Transfer | null } | null>(null);
  const offer = changed && changed.of === waiting.data ? changed.offer : waiting.data;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [gone, setGone] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const show = (next: Transfer | null | undefined, said: Notice) => {
    setChanged({ of: waiting.data, offer: next?.state === 'pending' ? next : null });
    setNotice(said);
  };

  return (
    <article className={ui.page} aria-labelledby="offer-title">
      <Link to={paths.ipDetail(proxy.id, language)} className={ui.back}>
        {t('transfer.offer.back')}
      </Link>
      <header className={card.header}>
        <h1 id="offer-title" className={`${ui.pageTitle} ${card.title}`}>
          {t('transfer.offer.title')}
        </h1>
      </header>
      <div className={ui.grid}>
        <Card
          title={
            <span className={styles.proxyName}>
              <OnlineDot online={proxy.online} />
              <span>{title(proxy)}</span>
            </span>
          }
        >
          <p className={card.meta}>
            <Place proxy={proxy} />
            <span>{operatorName(proxy, language)}</span>
          </p>
          <dl className={ui.facts}>
            <div>
              <dt>{t('transfer.offer.expires')}</dt>
              <dd>
                {formatDate(proxy.expires_at, language)}
                <DaysLeft proxy={proxy} />
              </dd>
            </div>
            <div>
              <dt>{t('transfer.offer.state')}</dt>
              <dd>
                <StateBadge state={proxy.state} />
              </dd>
            </div>
          </dl>
        </Card>
        <Card title={t('transfer.offer.howTitle')}>
          <ul className={styles.how}>
            <li>{t('transfer.offer.howTerm')}</li>
            <li>{t('transfer.offer.howSecrets')}</li>
            <li>{t('transfer.offer.howAutoRenew')}</li>
            <li>{tp('transfer.offer.howLapse', TRANSFER_TTL_HOURS)}</li>
            <li>{t('transfer.offer.howCancel')}</li>
          </ul>
        </Card>

        <div className={`${ui.wide} ${ui.stack}`}>
          {notice && (
            <div
              ref={noticeRef}
              tabIndex={-1}
              role={notice.kind === 'conflict' ? 'alert' : 'status'}
              className={`${ui.notice} ${notice.kind === 'conflict' ? ui.noticeError : ui.noticeSuccess}`}
            >
              {notice.kind === 'sent' ? (
                <>
                  <p className={ui.noticeTitle}>{t('transfer.offer.sent')}</p>
                  <p>
                    {t('transfer.offer.sentText', {
                      email: notice.offer.email,
                      date: formatDateTime(notice.offer.expires_at, language),
                    })}
                  </p>
                </>
              ) : (
                <p>{notice.kind === 'cancelled' ? t('transfer.offer.cancelled') : notice.detail}</p>
              )}
            </div>
          )}
          {gone ? (
            <Card title={t('transfer.offer.notFound')} role="alert">
              <p className={ui.muted}>{t('transfer.offer.notFoundText')}</p>
              <div>
                <Link to={paths.ipList(language)} className={ui.secondaryButton}>
                  {t('transfer.offer.toList')}
                </Link>
              </div>
            </Card>
          ) : waiting.failed || offer === undefined ? (
            <LoadState loaded={{ ...waiting, data: offer }} />
          ) : offer ? (
            <PendingOffer
              offer={offer}
              onCancelled={(next) => show(next, { kind: 'cancelled' })}
              onConflict={(next, detail) => show(next, { kind: 'conflict', detail: detail ?? t('transfer.conflict') })}
            />
          ) : (
            <OfferForm
              proxyId={proxy.id}
              onSent={(sent) => show(sent, { kind: 'sent', offer: sent })}
              onGone={() => setGone(true)}
            />
          )}
          <p>
            <Link to={`${paths.ipTransfer(undefined, language)}?direction=outgoing`}>{t('transfer.offer.all')}</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
