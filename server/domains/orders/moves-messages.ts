/** What a move of a proxy to another place (#29) says, in both languages. */
import type { Currency } from '@proxy/contract/money';
import { formatPrice } from '@proxy/contract/money';
import type { Messages } from '../../lib/messages.ts';

export const MOVE_MESSAGES = {
  /** No modem of the place is free now (counted under the modems' locks: a shortage here is real). */
  noStock: {
    en: 'No modems of this operator are free there now: choose another place.',
    ru: 'Свободных модемов этого оператора там сейчас нет: выберите другое место.',
  },
  samePlace: {
    en: 'The proxy is already in this place and with this operator.',
    ru: 'Прокси уже в этом месте и у этого оператора.',
  },
  /** Nothing of the farm is there: not a sold-out place, one that does not exist. */
  badTarget: {
    en: 'There is no such place: choose a country, city and operator from the list.',
    ru: 'Такого места нет: выберите страну, город и оператора из списка.',
  },
  /** A trial is given in the places staff chose, with stock kept for paying customers (#43). */
  trial: {
    en: 'A free trial proxy cannot be moved to another place: renew it first, and it becomes an ordinary proxy.',
    ru: 'Прокси бесплатного теста нельзя перенести в другое место: сначала продлите его, и он станет обычным прокси.',
  },
  inactive: {
    en: 'Only an active proxy can be moved: renew it first.',
    ru: 'Перенести можно только активный прокси: сначала продлите его.',
  },
  transferPending: {
    en: 'This proxy is being transferred to another account: cancel the transfer to move it.',
    ru: 'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы перенести его.',
  },
  /** The fee is more than the balance: by how much, in the site's money. */
  insufficientFunds: ({
    fee,
    missing,
    currency,
  }: {
    readonly fee: number;
    readonly missing: number;
    readonly currency: Currency;
  }) => ({
    en: `The move costs ${formatPrice(fee, currency, 'en')}: top up your balance by ${formatPrice(missing, currency, 'en')}.`,
    ru: `Перенос стоит ${formatPrice(fee, currency, 'ru')}: пополните баланс на ${formatPrice(missing, currency, 'ru')}.`,
  }),
} as const satisfies Messages;
