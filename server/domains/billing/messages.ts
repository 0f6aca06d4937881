/** The money domain's messages, in both languages. */
import { type Currency, formatPrice } from '@proxy/contract/money';
import type { Messages } from '../../lib/messages.ts';

export const BILLING_MESSAGES = {
  methodUnavailable: { en: 'This payment method is not available.', ru: 'Этот способ оплаты недоступен.' },
  /** The smallest top-up of a method, in the site's currency as each language writes it ("at least 500 ₽"). */
  belowMinAmount: ({ amount, currency }: { readonly amount: number; readonly currency: Currency }) => ({
    en: `The smallest top-up with this method is ${formatPrice(amount, currency, 'en')}.`,
    ru: `Минимальная сумма пополнения этим способом — ${formatPrice(amount, currency, 'ru')}.`,
  }),
  gatewayUnavailable: {
    en: 'The payment gateway is unavailable, try again in a few minutes.',
    ru: 'Платёжный шлюз недоступен, попробуйте через несколько минут.',
  },
  invoiceSettled: { en: 'This invoice is already settled.', ru: 'Этот счёт уже закрыт.' },
  invoiceNotPending: {
    en: 'Only an invoice awaiting payment can be changed.',
    ru: 'Изменить можно только счёт, ожидающий оплаты.',
  },
  insufficientFunds: { en: 'Not enough money on the balance.', ru: 'Недостаточно средств на балансе.' },
  methodHasInvoices: {
    en: 'This payment method has invoices: switch it off instead of deleting it.',
    ru: 'По этому способу оплаты есть счета: выключите его вместо удаления.',
  },
  promoHasUses: {
    en: 'This promo code has been used: switch it off instead of deleting it.',
    ru: 'Этот промокод уже использовали: выключите его вместо удаления.',
  },
  // DRF's unique validator, with the models' verbose names.
  methodCodeTaken: {
    en: 'payment method with this code already exists.',
    ru: 'Способ оплаты с таким кодом уже существует.',
  },
  promoCodeTaken: { en: 'promo code with this code already exists.', ru: 'Промокод с таким кодом уже существует.' },
  invalidSignature: { en: 'Invalid signature.', ru: 'Неверная подпись.' },
} as const satisfies Messages;
