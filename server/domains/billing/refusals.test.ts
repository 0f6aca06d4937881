import { describeRefusals } from '../../test/refusals.ts';
import { BILLING_REFUSALS } from './refusals.ts';

describeRefusals('billing', BILLING_REFUSALS, {
  methodUnavailable: {
    refusal: BILLING_REFUSALS.methodUnavailable(),
    status: 400,
    en: { method: ['This payment method is not available.'] },
    ru: { method: ['Этот способ оплаты недоступен.'] },
  },
  belowMinAmount: {
    refusal: BILLING_REFUSALS.belowMinAmount({ amount: 50_000, currency: 'RUB' }),
    status: 400,
    en: { amount: ['The smallest top-up with this method is RUB\u00a0500.'] },
    ru: { amount: ['Минимальная сумма пополнения этим способом — 500\u00a0₽.'] },
  },
  invoiceSettled: {
    refusal: BILLING_REFUSALS.invoiceSettled(),
    status: 400,
    en: { detail: 'This invoice is already settled.' },
    ru: { detail: 'Этот счёт уже закрыт.' },
  },
  invoiceNotPending: {
    refusal: BILLING_REFUSALS.invoiceNotPending(),
    status: 400,
    en: { detail: 'Only an invoice awaiting payment can be changed.' },
    ru: { detail: 'Изменить можно только счёт, ожидающий оплаты.' },
  },
  insufficientFunds: {
    refusal: BILLING_REFUSALS.insufficientFunds(),
    status: 400,
    en: { detail: 'Not enough money on the balance.' },
    ru: { detail: 'Недостаточно средств на балансе.' },
  },
  gatewayUnavailable: {
    refusal: BILLING_REFUSALS.gatewayUnavailable({ cause: new Error('BTCPay answered 502') }),
    status: 503,
    en: { detail: 'The payment gateway is unavailable, try again in a few minutes.' },
    ru: { detail: 'Платёжный шлюз недоступен, попробуйте через несколько минут.' },
  },
  methodCodeTaken: {
    refusal: BILLING_REFUSALS.methodCodeTaken(),
    status: 400,
    en: { code: ['payment method with this code already exists.'] },
    ru: { code: ['Способ оплаты с таким кодом уже существует.'] },
  },
  methodHasInvoices: {
    refusal: BILLING_REFUSALS.methodHasInvoices(),
    status: 400,
    en: { detail: 'This payment method has invoices: switch it off instead of deleting it.' },
    ru: { detail: 'По этому способу оплаты есть счета: выключите его вместо удаления.' },
  },
  promoCodeTaken: {
    refusal: BILLING_REFUSALS.promoCodeTaken(),
    status: 400,
    en: { code: ['promo code with this code already exists.'] },
    ru: { code: ['Промокод с таким кодом уже существует.'] },
  },
  promoHasUses: {
    refusal: BILLING_REFUSALS.promoHasUses(),
    status: 400,
    en: { detail: 'This promo code has been used: switch it off instead of deleting it.' },
    ru: { detail: 'Этот промокод уже использовали: выключите его вместо удаления.' },
  },
  invalidSignature: {
    refusal: BILLING_REFUSALS.invalidSignature(),
    status: 403,
    en: { detail: 'Invalid signature.' },
    ru: { detail: 'Неверная подпись.' },
  },
  webhookRefused: {
    refusal: BILLING_REFUSALS.webhookRefused(),
    status: 400,
    en: { detail: 'Invalid input.' },
    ru: { detail: 'Неправильное значение.' },
  },
});
