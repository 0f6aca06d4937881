import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '@proxy/contract/money';
import { paths } from '@proxy/contract/routes';
import type { Order } from '@proxy/contract/schemas/orders';
import { cityName, countryName, Flag, operatorName } from '@proxy/contract/countries';
import { pluralOf, ui, useProxyName } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './OrderForm.module.css';

/**
 * The paid order: what was bought, for how long and for how much, with the way to each proxy (`/ip/{id}`) and to
 * the list of them. Its heading takes the focus, so a screen reader announces the outcome of "Pay".
 */
export function OrderDone({ order, onAgain }: { order: Order; onAgain: () => void }) {
  const { t, language } = useT();
  const proxyName = useProxyName();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (minor: number) => formatPrice(minor, order.currency, language);
  const days = t(`period.days.${pluralOf(order.period_days, language)}`, { count: order.period_days });
  return (
    <section className={styles.done} aria-labelledby="order-done-title">
      <h2 id="order-done-title" ref={heading} tabIndex={-1} className={styles.doneTitle}>
        {t('done.title', { id: order.id })}
      </h2>
      <p className={styles.doneLead}>{t('done.lead')}</p>
      <dl className={styles.doneFigures}>
        <div>
          <dt>{t('done.proxies')}</dt>
          <dd>{order.quantity}</dd>
        </div>
        <div>
          <dt>{t('done.period')}</dt>
          <dd>{days}</dd>
        </div>
        {order.discount > 0 && (
          <div>
            <dt>{t('done.discount')}</dt>
            <dd>{money(-order.discount)}</dd>
          </div>
        )}
        <div>
          <dt>{t('done.total')}</dt>
          <dd>{money(order.total)}</dd>
        </div>
      </dl>
      <h3 className={styles.linesTitle}>{t('done.lines')}</h3>
      <ul className={styles.lines}>
        {order.lines.map((line, index) => (
          <li key={line.proxy_id ?? `line-${index}`} className={styles.line}>
            <span>
              <Flag country={line.country} language={language} decorative />{' '}
              {[countryName(line.country, language), cityName(line, language), operatorName(line, language)].join(', ')}
            </span>
            {line.proxy_id === null ? (
              <span className={styles.help}>{t('done.preparing')}</span>
            ) : (
              <Link to={paths.ipDetail(line.proxy_id, language)}>
                {proxyName({ id: line.proxy_id, comment: line.proxy_comment })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.doneActions}>
        <Link to={paths.ipList(language)} className={ui.primaryButton}>
          {t('done.allIps')}
        </Link>
        <button type="button" className={ui.secondaryButton} onClick={onAgain}>
          {t('done.again')}
        </button>
      </div>
    </section>
  );
}
