/**
 * The columns a customer's lists on their account and the section's lists of every customer's orders and proxies
 * share, so an order or a proxy reads the same in both places; each list picks its own and may narrow when one shows.
 */
import { Link } from 'react-router';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import type { Order } from '@proxy/contract/schemas/orders';
import { PROXY_STATES, type PanelProxy } from '@proxy/contract/schemas/proxies';
import { StatusTag, type ListColumn } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment } from './user-resource.ts';
import styles from './users.module.css';

/** An order's number, when it was made, what it bought where, and its total with the promo code used. */
export function useOrderColumns() {
  const { t, language } = useT();
  return {
    id: {
      key: 'id',
      title: t('orders.columns.id'),
      render: (row) => <span className={styles.nowrap}>{t('orders.number', { id: row.id })}</span>,
    },
    created: {
      key: 'created_at',
      title: t('orders.columns.created'),
      sortable: true,
      render: (row) => <span className={styles.nowrap}>{formatMoment(row.created_at, language)}</span>,
    },
    what: {
      key: 'what',
      title: t('orders.columns.what'),
      responsive: ['md'],
      render: (row) => (
        <>
          <span className={styles.nowrap}>{t('orders.what', { quantity: row.quantity, days: row.period_days })}</span>
          <span className={styles.sub}>
            {[
              ...new Set(
                row.lines.map((line) =>
                  [countryName(line.country, language), cityName(line, language), operatorName(line, language)].join(
                    ', ',
                  ),
                ),
              ),
            ].join('; ')}
          </span>
        </>
      ),
    },
    total: {
      key: 'total',
      title: t('orders.columns.total'),
      sortable: true,
      render: (row) => (
        <>
          <span className={styles.nowrap}>{formatPrice(row.total, row.currency, language)}</span>
          {row.promo_code && <span className={styles.sub}>{t('orders.promo', { code: row.promo_code })}</span>}
        </>
      ),
    },
  } satisfies Record<string, ListColumn<Order>>;
}

/**
 * A proxy by its owner's label (its number when it has none) with its host and ports, its place, its state as its
 * owner sees it, and its expiry with the whole days left.
 */
export function useProxyColumns() {
  const { t, language } = useT();
  return {
    proxy: {
      key: 'proxy',
      title: t('proxies.columns.proxy'),
      render: (row) => (
        <>
          <span className={styles.title}>{row.comment || t('proxies.number', { id: row.id })}</span>
          <span className={styles.sub}>{row.host}</span>
          <span className={styles.sub}>{t('proxies.ports', { http: row.http_port, socks: row.socks_port })}</span>
        </>
      ),
    },
    place: {
      key: 'country',
      title: t('proxies.columns.place'),
      sortable: true,
      responsive: ['md'],
      render: (row) => (
        <>
          <span className={styles.nowrap}>
            {[countryName(row.country, language), cityName(row, language)].join(', ')}
          </span>
          <span className={styles.sub}>{operatorName(row, language)}</span>
        </>
      ),
    },
    state: {
      key: 'state',
      title: t('proxies.columns.state'),
      render: (row) => (
        <StatusTag tone={row.state === 'active' ? 'on' : row.state === 'expiring' ? 'highlight' : undefined}>
          {t(`proxies.states.${row.state}`)}
        </StatusTag>
      ),
    },
    expires: {
      key: 'expires_at',
      title: t('proxies.columns.expires'),
      sortable: true,
      responsive: ['sm'],
      render: (row) => (
        <>
          <span className={styles.nowrap}>{formatMoment(row.expires_at, language)}</span>
          {row.days_left >= 0 && <span className={styles.sub}>{t('proxies.daysLeft', { count: row.days_left })}</span>}
        </>
      ),
    },
  } satisfies Record<string, ListColumn<PanelProxy>>;
}

/** The customer a row of every customer's rows belongs to: their e-mail, opening their account. */
export function useCustomerColumn() {
  const { t, language } = useT();
  return {
    key: 'customer',
    title: t('all.columns.customer'),
    render: (row) => (
      <Link to={paths.panelUserEdit(row.user_id, language)} className={`${styles.email} ${styles.listEmail}`}>
        {row.user_email}
      </Link>
    ),
  } satisfies ListColumn<{ user_id: number; user_email: string }>;
}

/**
 * The proxy filters a customer's list and everyone's share. Country and operator are set by links only: their
 * choices would be whatever the data holds, and the panel has no endpoint listing them.
 */
export function useProxyFilters() {
  const { t } = useT();
  return {
    status: {
      label: t('proxies.filters.status'),
      choices: Object.fromEntries(PROXY_STATES.map((state) => [state, t(`proxies.states.${state}`)])),
    },
    country: { label: t('proxies.filters.country'), hidden: true },
    operator: { label: t('proxies.filters.operator'), hidden: true },
    days_left: { label: t('proxies.filters.daysLeft') },
    expires: { label: t('proxies.filters.expires') },
  };
}
