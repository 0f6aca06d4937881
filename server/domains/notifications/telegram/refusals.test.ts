import { testRefusals } from '../../../test/refusals.ts';
import { TELEGRAM_REFUSALS } from './refusals.ts';

testRefusals('telegram', TELEGRAM_REFUSALS, {
  tokenRejected: {
    refusal: TELEGRAM_REFUSALS.tokenRejected(),
    status: 400,
    en: { token: ['Telegram did not accept this token: check it with @BotFather.'] },
    ru: { token: ['Telegram не принял этот токен: проверьте его у @BotFather.'] },
  },
  telegramUnreachable: {
    refusal: TELEGRAM_REFUSALS.telegramUnreachable(),
    status: 502,
    en: { detail: 'Telegram did not answer: the token was not saved. Try again later.' },
    ru: { detail: 'Telegram не ответил: токен не сохранён. Попробуйте позже.' },
  },
  notAvailable: {
    refusal: TELEGRAM_REFUSALS.notAvailable(),
    status: 409,
    en: { detail: 'Telegram is not available on this site yet.' },
    ru: { detail: 'Telegram на сайте пока не подключён.' },
  },
});
