import { testRefusals } from '../../test/refusals.ts';
import { BILLING_REFUSALS } from './refusals.ts';

testRefusals('billing', BILLING_REFUSALS, {
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
  amountFormat: {
    refusal: BILLING_REFUSALS.amountFormat(),
    status: 400,
    en: { amount: ['Enter the amount, e.g. 500 or 99.50.'] },
    ru: { amount: ['Введите сумму, например 500 или 99,50.'] },
  },
  amountNegative: {
    refusal: BILLING_REFUSALS.amountNegative(),
    status: 400,
    en: { amount: ['The amount cannot be negative.'] },
    ru: { amount: ['Сумма не может быть отрицательной.'] },
  },
  amountZero: {
    refusal: BILLING_REFUSALS.amountZero(),
    status: 400,
    en: { amount: ['Enter an amount above zero.'] },
    ru: { amount: ['Введите сумму больше нуля.'] },
  },
  amountDecimals: {
    refusal: BILLING_REFUSALS.amountDecimals(),
    status: 400,
    en: { amount: ['At most two digits after the decimal point.'] },
    ru: { amount: ['Не больше двух знаков после запятой.'] },
  },
  aboveMaxAmount: {
    refusal: BILLING_REFUSALS.aboveMaxAmount({ amount: 100_000_000, currency: 'RUB' }),
    status: 400,
    en: { amount: ['The largest top-up with this method is RUB\u00a01,000,000.'] },
    ru: { amount: ['Максимальная сумма пополнения этим способом — 1\u00a0000\u00a0000\u00a0₽.'] },
  },
  noRate: {
    refusal: BILLING_REFUSALS.noRate(),
    status: 400,
    en: { method: ['This method has no exchange rate yet: choose another one or try again later.'] },
    ru: { method: ['У этого способа пока нет курса: выберите другой или попробуйте позже.'] },
  },
  staleRate: {
    refusal: BILLING_REFUSALS.staleRate(),
    status: 400,
    en: { method: ['The exchange rate of this method is out of date: choose another one or try again later.'] },
    ru: { method: ['Курс этого способа устарел: выберите другой или попробуйте позже.'] },
  },
  amountsTaken: {
    refusal: BILLING_REFUSALS.amountsTaken(),
    status: 409,
    en: {
      amount: ['Too many open invoices for this amount right now: change the amount a little or try again later.'],
    },
    ru: {
      amount: ['Сейчас слишком много неоплаченных счетов на эту сумму: немного измените сумму или попробуйте позже.'],
    },
  },
  tooManyOpenInvoices: {
    refusal: BILLING_REFUSALS.tooManyOpenInvoices({ limit: 20 }),
    status: 409,
    en: {
      detail: 'You have 20 unpaid invoices, as many as an account may have open: pay or cancel one of them first.',
    },
    ru: {
      detail: 'Неоплаченных счетов у вас: 20 — больше открыть нельзя. Сначала оплатите или отмените один из них.',
    },
  },
  tooManyOpenInvoicesOfMethod: {
    refusal: BILLING_REFUSALS.tooManyOpenInvoicesOfMethod({ limit: 5 }),
    status: 409,
    en: {
      detail:
        'You have 5 unpaid invoices with this payment method, as many as it allows: pay or cancel one of them, or choose another method.',
    },
    ru: {
      detail:
        'Неоплаченных счетов этим способом оплаты у вас: 5 — больше открыть нельзя. Оплатите или отмените один из них либо выберите другой способ.',
    },
  },
  assetDecimals: {
    refusal: BILLING_REFUSALS.assetDecimals({ decimals: 6 }),
    status: 400,
    en: { asset_decimals: ['This asset has at most 6 digits after the decimal point.'] },
    ru: { asset_decimals: ['У этого актива не больше 6 знаков после запятой.'] },
  },
  assetManualOnly: {
    refusal: BILLING_REFUSALS.assetManualOnly(),
    status: 400,
    en: { asset: ['Only a manual method asks for an asset: a gateway converts by itself.'] },
    ru: { asset: ['Актив указывают только у ручного способа: шлюз пересчитывает сам.'] },
  },
  rateUrlInvalid: {
    refusal: BILLING_REFUSALS.rateUrlInvalid(),
    status: 400,
    en: {
      rate_url: ['Enter a full URL, such as https://api.exchange.example/ticker, without a user name or password.'],
    },
    ru: {
      rate_url: [
        'Введите полный адрес, например https://api.exchange.example/ticker, без имени пользователя и пароля.',
      ],
    },
  },
  rateUrlScheme: {
    refusal: BILLING_REFUSALS.rateUrlScheme(),
    status: 400,
    en: { rate_url: ['The rate provider URL must start with https://.'] },
    ru: { rate_url: ['Адрес источника курса должен начинаться с https://.'] },
  },
  rateJump: {
    refusal: BILLING_REFUSALS.rateJump({ current: '95.50', jump: { up: true, factor: 10_471_204_188.48 } }),
    status: 400,
    en: {
      rate: [
        'The new rate is 10,471,204,188× above the current one (95.50), more than the ×2 a change may move without a second look. If it is right, confirm the change and save again.',
      ],
    },
    ru: {
      rate: [
        'Новый курс в 10\u00a0471\u00a0204\u00a0188× выше текущего (95.50) — больше, чем ×2, допустимых без повторной проверки. Если он верен, подтвердите изменение и сохраните ещё раз.',
      ],
    },
  },
  maxBelowMin: {
    refusal: BILLING_REFUSALS.maxBelowMin(),
    status: 400,
    en: { max_amount: ['The maximum is below the minimum.'] },
    ru: { max_amount: ['Максимум меньше минимума.'] },
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
