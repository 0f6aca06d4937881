/** The free trial's messages, in both languages. */
import type { Messages } from '../../lib/messages.ts';

export const TRIAL_MESSAGES = {
  off: { en: 'Free trials are not offered now.', ru: 'Бесплатный тест сейчас не предоставляется.' },
  notVerified: {
    en: 'Confirm your e-mail address to take a free trial.',
    ru: 'Подтвердите адрес e-mail, чтобы получить бесплатный тест.',
  },
  taken: {
    en: 'A free trial has already been taken for this account or its e-mail address.',
    ru: 'Бесплатный тест для этого аккаунта или его адреса e-mail уже был.',
  },
  addressLimit: {
    en: 'Too many free trials have been taken from your address today: try again tomorrow.',
    ru: 'С вашего адреса сегодня взято слишком много бесплатных тестов: попробуйте завтра.',
  },
  noStock: {
    en: 'No proxies are free for a trial here now: choose another place or try later.',
    ru: 'Свободных прокси для теста здесь сейчас нет: выберите другое место или попробуйте позже.',
  },
  placeNotOffered: {
    en: 'No free trial is offered in this place.',
    ru: 'В этом месте бесплатный тест не предоставляется.',
  },
  /** Staff chose a place the farm has no modems in. */
  unknownPlace: {
    en: 'The farm has no modems in one of these places.',
    ru: 'В одном из этих мест у фермы нет модемов.',
  },
} as const satisfies Messages;
