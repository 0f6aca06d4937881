/** Ordering's messages, in both languages. */
import type { PromoRefusal } from '../billing/index.ts';
import type { Messages, Text } from '../../lib/messages.ts';

/** Why a promo code does not apply (billing judges it; the order form and the quote show it). */
const PROMO: Readonly<Record<PromoRefusal, Text>> = {
  unknown: { en: 'There is no such promo code.', ru: 'Такого промокода нет.' },
  inactive: { en: 'This promo code is switched off.', ru: 'Этот промокод отключён.' },
  not_yet: { en: 'This promo code is not valid yet.', ru: 'Этот промокод ещё не действует.' },
  expired: { en: 'This promo code has expired.', ru: 'Срок действия этого промокода истёк.' },
  used_up: { en: 'This promo code has been used up.', ru: 'Этот промокод закончился.' },
  used: { en: 'You have already used this promo code.', ru: 'Вы уже использовали этот промокод.' },
};

export const ORDER_MESSAGES = {
  periodNotPriced: {
    en: 'There is no price for this period: choose another one.',
    ru: 'Для этого срока нет цены: выберите другой.',
  },
  promo: ({ reason }: { readonly reason: PromoRefusal }) => PROMO[reason],
  /** An order for more modems than the place has free now. */
  outOfStock: ({ free }: { readonly free: number }) => ({
    en:
      free === 0
        ? 'No modems of this operator are free here now.'
        : `Only ${free} ${free === 1 ? 'modem is' : 'modems are'} free here now: order at most ${free}.`,
    ru:
      free === 0
        ? 'Свободных модемов этого оператора здесь сейчас нет.'
        : `Сейчас здесь свободно модемов: ${free}. Закажите не больше ${free}.`,
  }),
} as const satisfies Messages;
