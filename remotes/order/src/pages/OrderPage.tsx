import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order } from '@proxy/contract/schemas/orders';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { periodFromUrl } from '../order/choices.ts';
import { OrderDone } from '../order/OrderDone.tsx';
import { OrderForm } from '../order/OrderForm.tsx';
import { useStock } from '../order/use-stock.ts';
import styles from './OrderPage.module.css';

/**
 * `/order` — country, city and operator with their free modems, a period of the price list (`?period=N`, the price
 * table's "Order" buttons, preselects one), quantity, promo code and auto-renew; a live quote; paying from the
 * balance, or topping up what is missing in the shell's dialog while the order waits here.
 */
export function OrderPage() {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const [search] = useSearchParams();
  const { stock, failed, reload } = useStock(language);
  const [placed, setPlaced] = useState<Order | null>(null);
  // The route guard sends visitors to sign in first; a session ending here sends them home.
  if (!user) return null;

  let body;
  if (placed) {
    body = (
      <OrderDone
        order={placed}
        onAgain={() => {
          setPlaced(null);
          reload();
        }}
      />
    );
  } else if (!stock) {
    body = failed ? (
      <p className={styles.state} role="alert">
        <span>{t('loadFailed')}</span>
        <button type="button" className={styles.retry} onClick={reload}>
          {t('retry')}
        </button>
      </p>
    ) : (
      <p className={styles.state} role="status">
        {t('loading')}
      </p>
    );
  } else if (!stock.stock.some((item) => item.free > 0)) {
    body = (
      <div className={styles.empty} role="status">
        <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
        <p>{t('empty.text')}</p>
      </div>
    );
  } else if (stock.prices.length === 0) {
    body = (
      <p className={styles.state} role="status">
        {t('noPrices')}
      </p>
    );
  } else {
    body = (
      <OrderForm
        stock={stock}
        reloadStock={reload}
        initialPeriod={periodFromUrl(search.get('period'))}
        onPlaced={setPlaced}
      />
    );
  }

  return (
    <section className={styles.page} aria-labelledby="order-title">
      <h1 id="order-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      {body}
    </section>
  );
}
