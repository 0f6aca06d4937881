import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { getStock } from '@proxy/contract/api/orders';
import type { Order } from '@proxy/contract/schemas/orders';
import { api, userAtom, useAtomValue } from '@proxy/contract/state';
import { LoadState, ui, useLoaded } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { periodFromUrl } from '../order/choices.ts';
import { OrderDone } from '../order/OrderDone.tsx';
import { OrderForm } from '../order/OrderForm.tsx';
import { TrialBox } from '../order/TrialBox.tsx';

/**
 * `/order` — country, city and operator with their free modems, a period of the price list (`?period=N`, the price
 * table's "Order" buttons, preselects one), quantity, promo code and auto-renew; a live quote; paying from the
 * balance, or topping up what is missing in the shell's dialog while the order waits here. Above the form, the free
 * trial when staff have switched it on (#29).
 */
export function OrderPage() {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const [search] = useSearchParams();
  // The plans' titles come in the interface language; "Try again", and fresh counts after an order was refused for
  // want of stock, ask again.
  const loaded = useLoaded(`stock|${language}`, (signal) => getStock(api, signal));
  const { data: stock, retry: reload } = loaded;
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
    body = <LoadState loaded={loaded} loadingText={t('loading')} failedText={t('loadFailed')} />;
  } else if (!stock.stock.some((item) => item.free > 0)) {
    body = (
      <div className={ui.empty} role="status">
        <h2 className={ui.emptyTitle}>{t('empty.title')}</h2>
        <p className={ui.muted}>{t('empty.text')}</p>
      </div>
    );
  } else if (stock.prices.length === 0) {
    body = (
      <p className={ui.note} role="status">
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
    <section className={ui.page} aria-labelledby="order-title">
      <h1 id="order-title" className={ui.pageTitle}>
        {t('title')}
      </h1>
      <p className={ui.lead}>{t('lead')}</p>
      {!placed && <TrialBox />}
      {body}
    </section>
  );
}
