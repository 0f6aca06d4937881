import { testRefusals } from '../../test/refusals.ts';
import { MOVE_REFUSALS } from './moves-refusals.ts';

testRefusals('moves', MOVE_REFUSALS, {
  noStock: {
    refusal: MOVE_REFUSALS.noStock(),
    status: 409,
    en: { detail: 'No modems of this operator are free there now: choose another place.' },
    ru: { detail: 'Свободных модемов этого оператора там сейчас нет: выберите другое место.' },
  },
  samePlace: {
    refusal: MOVE_REFUSALS.samePlace(),
    status: 409,
    en: { detail: 'The proxy is already in this place and with this operator.' },
    ru: { detail: 'Прокси уже в этом месте и у этого оператора.' },
  },
  badTarget: {
    refusal: MOVE_REFUSALS.badTarget(),
    status: 400,
    en: { city: ['There is no such place: choose a country, city and operator from the list.'] },
    ru: { city: ['Такого места нет: выберите страну, город и оператора из списка.'] },
  },
  trial: {
    refusal: MOVE_REFUSALS.trial(),
    status: 403,
    en: {
      detail: 'A free trial proxy cannot be moved to another place: renew it first, and it becomes an ordinary proxy.',
    },
    ru: {
      detail:
        'Прокси бесплатного теста нельзя перенести в другое место: сначала продлите его, и он станет обычным прокси.',
    },
  },
  inactive: {
    refusal: MOVE_REFUSALS.inactive(),
    status: 403,
    en: { detail: 'Only an active proxy can be moved: renew it first.' },
    ru: { detail: 'Перенести можно только активный прокси: сначала продлите его.' },
  },
  transferPending: {
    refusal: MOVE_REFUSALS.transferPending(),
    status: 409,
    en: { detail: 'This proxy is being transferred to another account: cancel the transfer to move it.' },
    ru: { detail: 'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы перенести его.' },
  },
  // Amounts in minor units, worded by Intl: a no-break space between the number and the currency.
  insufficientFunds: {
    refusal: MOVE_REFUSALS.insufficientFunds({ fee: 15000, missing: 5000, currency: 'RUB' }),
    status: 402,
    en: { detail: 'The move costs RUB\u00a0150: top up your balance by RUB\u00a050.' },
    ru: { detail: 'Перенос стоит 150\u00a0₽: пополните баланс на 50\u00a0₽.' },
  },
});
