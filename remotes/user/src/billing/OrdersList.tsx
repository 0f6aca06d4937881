import { Link } from 'react-router';
import type { Language } from '@proxy/contract/languages';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import { listQueryOf } from '@proxy/contract/schemas/list-query';
import { ORDER_LIST, type Order, type OrderListParams } from '@proxy/contract/schemas/orders';
import {
  DateRangeFields,
  formatDateTime,
  formatSigned,
  LoadState,
  Pager,
  pluralOf,
  ui,
  useListInUrl,
  useLoaded,
  useProxyName,
} from '@proxy/site-kit';
import { cityName, countryName, Flag, operatorName } from '@proxy/contract/countries';
import { useT } from '../i18n/use-t.ts';
import type { UserData } from './user-data.ts';
import styles from './billing.module.css';

export const ORDERS_PAGE_SIZE = 10;
/** The orders' keys in the URL (`orders_created_after`, `orders_page`): the ledger below uses the bare ones. */
export const ORDERS_PREFIX = 'orders_';

/** The id of an order's row, for the ledger's `order:{id}` entries to point at. */
export function orderAnchor(id: number): string {
  return `order-${id}`;
}

/**
 * The customer's orders, newest first: what each bought and where, the promo code, the total and links to its
 * proxies by the one name a proxy goes by (#28; a released or given-away one is only said to be so; staff see the
 * names without links: the proxy pages are the customer's). The date filter and the page live in the URL.
 */
export function OrdersList({ balance, data }: { balance: number; data: UserData }) {
  const { t, language } = useT();
  const { params, update } = useListInUrl(ORDER_LIST, ORDERS_PREFIX);
  const created = params.filters?.created ?? {};
  const page = params.page ?? 1;
  const query: OrderListParams = { ...params, ordering: params.ordering ?? '-created_at', page_size: ORDERS_PAGE_SIZE };
  // An order made elsewhere changes the balance.
  const orders = useLoaded(
    `${data.key}|${language}|${JSON.stringify(listQueryOf(ORDER_LIST, query))}|${balance}`,
    (signal) => data.listOrders(query, signal),
  );
  const filtered = created.after !== undefined || created.before !== undefined;

  return (
    <section className={styles.section} aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.sectionTitle}>
        {t('orders.title')}
      </h2>
      <div className={styles.filters} role="group" aria-label={t('orders.filters')}>
        {/* A new filter starts again at the first page. */}
        <DateRangeFields
          range={created}
          onChange={(range) => update({ ordering: params.ordering, filters: { created: range } })}
        >
          {filtered && (
            <button type="button" className={ui.linkButton} onClick={() => update({ ordering: params.ordering })}>
              {t('filters.reset')}
            </button>
          )}
        </DateRangeFields>
      </div>
      <LoadState loaded={orders} empty={orders.data?.count === 0 && filtered ? t('filters.nothing') : undefined} />
      {orders.data?.count === 0 && !filtered && !orders.failed && (
        <p className={ui.note}>
          <span>{t('orders.empty')}</span>
          {data.own && (
            <Link to={paths.order(language)} className={ui.primaryButton}>
              {t('orders.order')}
            </Link>
          )}
        </p>
      )}
      {orders.data && orders.data.results.length > 0 && (
        <>
          <table className={ui.table} aria-busy={orders.loading}>
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.created')}</th>
                <th scope="col">{t('orders.what')}</th>
                <th scope="col">{t('orders.promo')}</th>
                <th scope="col" className={ui.numeric}>
                  {t('orders.total')}
                </th>
                <th scope="col">{t('orders.proxies')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.results.map((order) => (
                <OrderRow key={order.id} order={order} language={language} own={data.own} />
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            count={orders.data.count}
            pageSize={ORDERS_PAGE_SIZE}
            label={t('orders.title')}
            onPage={(next) => update({ ...params, page: next > 1 ? next : undefined })}
          />
        </>
      )}
    </section>
  );
}

/** Where the order's proxies are, each place once: its country (for the flag) and 'country, city operator'. */
function placesOf(order: Order, language: Language): { country: string; text: string }[] {
  const places = new Map<string, string>();
  for (const line of order.lines) {
    const text = [
      [countryName(line.country, language), cityName(line, language)].filter(Boolean).join(', '),
      operatorName(line, language),
    ]
      .filter(Boolean)
      .join(' ');
    places.set(text, line.country);
  }
  return [...places].map(([text, country]) => ({ country, text }));
}

function OrderRow({ order, language, own }: { order: Order; language: Language; own: boolean }) {
  const { t } = useT();
  const proxyName = useProxyName();
  const period = t(`proxies.days.${pluralOf(order.period_days, language)}`, { count: order.period_days });
  const promo = order.promo_code !== null || order.discount > 0;
  return (
    <tr id={orderAnchor(order.id)} className={styles.targetRow}>
      <th scope="row" data-label={t('orders.number')}>
        {order.id}
      </th>
      <td data-label={t('orders.created')}>{formatDateTime(order.created_at, language)}</td>
      <td data-label={t('orders.what')}>
        <span className={styles.operation}>
          <span className={styles.kind}>{t('orders.quantity', { quantity: order.quantity, period })}</span>
          {placesOf(order, language).map((place) => (
            <span key={place.text}>
              <Flag country={place.country} language={language} decorative /> {place.text}
            </span>
          ))}
        </span>
      </td>
      <td data-label={promo ? t('orders.promo') : undefined}>
        {promo && (
          <span className={styles.operation}>
            {order.promo_code && <span className={styles.kind}>{order.promo_code}</span>}
            {order.discount > 0 && (
              <span className={ui.credit}>{formatSigned(-order.discount, order.currency, language)}</span>
            )}
          </span>
        )}
      </td>
      <td data-label={t('orders.total')} className={ui.numeric}>
        {formatPrice(order.total, order.currency, language)}
      </td>
      <td data-label={t('orders.proxies')}>
        <ul className={styles.proxyLinks}>
          {order.lines.map((line, index) => (
            // Lines have no id of their own; their order in the order does not change.
            <li key={index}>
              {line.proxy_id === null ? (
                <span className={ui.muted}>{t(line.transferred ? 'orders.transferred' : 'orders.released')}</span>
              ) : own ? (
                <Link to={paths.ipDetail(line.proxy_id, language)}>
                  {proxyName({ id: line.proxy_id, comment: line.proxy_comment })}
                </Link>
              ) : (
                proxyName({ id: line.proxy_id, comment: line.proxy_comment })
              )}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
