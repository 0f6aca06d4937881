import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { loadMethodEdit, validateMethodId } from './methods/method-resource.ts';
import { MethodCreate } from './methods/MethodCreate.tsx';
import { MethodEdit } from './methods/MethodEdit.tsx';
import { PaymentsSection } from './PaymentsSection.tsx';

/** The panel's Payments section: payment methods in the customers' order, invoices, promo codes. */
const panelPayment: RemoteModule = {
  pages: {
    panelPayments: { Component: PaymentsSection, fetchesAfterRender: true },
    panelPaymentAdd: { Component: MethodCreate },
    panelPaymentEdit: { Component: MethodEdit, loader: loadMethodEdit, validate: validateMethodId },
  },
  translations: { ru, en },
};

export const { pages, translations } = panelPayment;
