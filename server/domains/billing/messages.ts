/** The money domain's messages, in both languages. */
import { type Currency, formatPrice } from '@proxy/contract/money';
import type { Messages } from '../../lib/messages.ts';
import { formatFactor, RATE_BAND, type RateJump } from './rates.ts';

export const BILLING_MESSAGES = {
  methodUnavailable: { en: 'This payment method is not available.', ru: 'Этот способ оплаты недоступен.' },
  /** The smallest top-up of a method, in the site's currency as each language writes it ("at least 500 ₽"). */
  belowMinAmount: ({ amount, currency }: { readonly amount: number; readonly currency: Currency }) => ({
    en: `The smallest top-up with this method is ${formatPrice(amount, currency, 'en')}.`,
    ru: `Минимальная сумма пополнения этим способом — ${formatPrice(amount, currency, 'ru')}.`,
  }),
  /** The top-up amount's rule (the contract's `amountProblem`), worded as the dialog words it. */
  amountFormat: { en: 'Enter the amount, e.g. 500 or 99.50.', ru: 'Введите сумму, например 500 или 99,50.' },
  amountNegative: { en: 'The amount cannot be negative.', ru: 'Сумма не может быть отрицательной.' },
  amountZero: { en: 'Enter an amount above zero.', ru: 'Введите сумму больше нуля.' },
  amountDecimals: {
    en: 'At most two digits after the decimal point.',
    ru: 'Не больше двух знаков после запятой.',
  },
  aboveMaxAmount: ({ amount, currency }: { readonly amount: number; readonly currency: Currency }) => ({
    en: `The largest top-up with this method is ${formatPrice(amount, currency, 'en')}.`,
    ru: `Максимальная сумма пополнения этим способом — ${formatPrice(amount, currency, 'ru')}.`,
  }),
  /** A crypto method without a rate, or with one older than staff allow: never an invoice at a wrong price. */
  noRate: {
    en: 'This method has no exchange rate yet: choose another one or try again later.',
    ru: 'У этого способа пока нет курса: выберите другой или попробуйте позже.',
  },
  staleRate: {
    en: 'The exchange rate of this method is out of date: choose another one or try again later.',
    ru: 'Курс этого способа устарел: выберите другой или попробуйте позже.',
  },
  /** Every unique amount near this one is held at the address (999 of them): very unlikely, but said. */
  amountsTaken: {
    en: 'Too many open invoices for this amount right now: change the amount a little or try again later.',
    ru: 'Сейчас слишком много неоплаченных счетов на эту сумму: немного измените сумму или попробуйте позже.',
  },
  /**
   * An account's open invoices at their limit (billing-service.ts): pay or cancel one first. "Счетов: N" reads right
   * for any N, where "N счетов" would need its plural form.
   */
  tooManyOpenInvoices: ({ limit }: { readonly limit: number }) => ({
    en: `You have ${limit} unpaid invoices, as many as an account may have open: pay or cancel one of them first.`,
    ru: `Неоплаченных счетов у вас: ${limit} — больше открыть нельзя. Сначала оплатите или отмените один из них.`,
  }),
  tooManyOpenInvoicesOfMethod: ({ limit }: { readonly limit: number }) => ({
    en: `You have ${limit} unpaid invoices with this payment method, as many as it allows: pay or cancel one of them, or choose another method.`,
    ru: `Неоплаченных счетов этим способом оплаты у вас: ${limit} — больше открыть нельзя. Оплатите или отмените один из них либо выберите другой способ.`,
  }),
  assetDecimals: ({ decimals }: { readonly decimals: number }) => ({
    en: `This asset has at most ${decimals} digits after the decimal point.`,
    ru: `У этого актива не больше ${decimals} знаков после запятой.`,
  }),
  assetManualOnly: {
    en: 'Only a manual method asks for an asset: a gateway converts by itself.',
    ru: 'Актив указывают только у ручного способа: шлюз пересчитывает сам.',
  },
  /** A rate endpoint's URL (`rateUrlProblem` in rates.ts): the rule the customers' webhooks follow. */
  rateUrlInvalid: {
    en: 'Enter a full URL, such as https://api.exchange.example/ticker, without a user name or password.',
    ru: 'Введите полный адрес, например https://api.exchange.example/ticker, без имени пользователя и пароля.',
  },
  rateUrlScheme: {
    en: 'The rate provider URL must start with https://.',
    ru: 'Адрес источника курса должен начинаться с https://.',
  },
  /** A typed rate past the band (`rateJump` in rates.ts): saved only when staff confirm it. */
  rateJump: ({ current, jump }: { readonly current: string; readonly jump: RateJump }) => ({
    en: `The new rate is ${formatFactor(jump.factor, 'en')}× ${jump.up ? 'above' : 'below'} the current one (${current}), more than the ×${RATE_BAND} a change may move without a second look. If it is right, confirm the change and save again.`,
    ru: `Новый курс в ${formatFactor(jump.factor, 'ru')}× ${jump.up ? 'выше' : 'ниже'} текущего (${current}) — больше, чем ×${RATE_BAND}, допустимых без повторной проверки. Если он верен, подтвердите изменение и сохраните ещё раз.`,
  }),
  maxBelowMin: {
    en: 'The maximum is below the minimum.',
    ru: 'Максимум меньше минимума.',
  },
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

/**
 * A ledger line's words (`ledger-lines.ts`), rendered in the reader's language when it is read. "Прокси: N" and
 * "дн." read right for any number, where "N прокси на N дней" would need plural forms.
 */
export const LEDGER_MESSAGES = {
  transferGiven: ({ place, email }: { readonly place: string; readonly email: string }) => ({
    en: `Proxy ${place} handed to ${email}`,
    ru: `Прокси ${place} передан ${email}`,
  }),
  transferReceived: ({ place, email }: { readonly place: string; readonly email: string }) => ({
    en: `Proxy ${place} received from ${email}`,
    ru: `Прокси ${place} получен от ${email}`,
  }),
  moved: ({ proxy, place }: { readonly proxy: number; readonly place: string }) => ({
    en: `Proxy #${proxy} moved to ${place}`,
    ru: `Прокси #${proxy} перенесён: ${place}`,
  }),
  renewed: ({ proxies, days }: { readonly proxies: number; readonly days: number }) => ({
    en: `Proxies renewed: ${proxies}, for ${days} days`,
    ru: `Продлено прокси: ${proxies}, на ${days} дн.`,
  }),
  autoRenewed: ({ proxy, days }: { readonly proxy: number; readonly days: number }) => ({
    en: `Proxy #${proxy} renewed automatically for ${days} days`,
    ru: `Прокси #${proxy} продлён автоматически на ${days} дн.`,
  }),
} as const satisfies Messages;
