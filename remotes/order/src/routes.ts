import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { OrderPage } from './pages/OrderPage.tsx';

/** Ordering (`/order`): what is in stock, the price list, a live quote, paying from the balance. */
const order: RemoteModule = {
  pages: {
    order: { Component: OrderPage, fetchesAfterRender: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = order;
