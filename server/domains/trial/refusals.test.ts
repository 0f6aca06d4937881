import { testRefusals } from '../../test/refusals.ts';
import { TRIAL_REFUSALS } from './refusals.ts';

testRefusals('trial', TRIAL_REFUSALS, {
  off: {
    refusal: TRIAL_REFUSALS.off(),
    status: 403,
    en: { detail: 'Free trials are not offered now.' },
    ru: { detail: 'Бесплатный тест сейчас не предоставляется.' },
  },
  notVerified: {
    refusal: TRIAL_REFUSALS.notVerified(),
    status: 403,
    en: { detail: 'Confirm your e-mail address to take a free trial.' },
    ru: { detail: 'Подтвердите адрес e-mail, чтобы получить бесплатный тест.' },
  },
  taken: {
    refusal: TRIAL_REFUSALS.taken(),
    status: 409,
    en: { detail: 'A free trial has already been taken for this account or its e-mail address.' },
    ru: { detail: 'Бесплатный тест для этого аккаунта или его адреса e-mail уже был.' },
  },
  addressLimit: {
    refusal: TRIAL_REFUSALS.addressLimit(),
    status: 429,
    en: { detail: 'Too many free trials have been taken from your address today: try again tomorrow.' },
    ru: { detail: 'С вашего адреса сегодня взято слишком много бесплатных тестов: попробуйте завтра.' },
  },
  noStock: {
    refusal: TRIAL_REFUSALS.noStock(),
    status: 409,
    en: { detail: 'No proxies are free for a trial here now: choose another place or try later.' },
    ru: { detail: 'Свободных прокси для теста здесь сейчас нет: выберите другое место или попробуйте позже.' },
  },
  placeNotOffered: {
    refusal: TRIAL_REFUSALS.placeNotOffered(),
    status: 400,
    en: { operator: ['No free trial is offered in this place.'] },
    ru: { operator: ['В этом месте бесплатный тест не предоставляется.'] },
  },
  unknownPlace: {
    refusal: TRIAL_REFUSALS.unknownPlace(),
    status: 400,
    en: { places: ['The farm has no modems in one of these places.'] },
    ru: { places: ['В одном из этих мест у фермы нет модемов.'] },
  },
  blocked: {
    refusal: TRIAL_REFUSALS.blocked(),
    status: 401,
    en: { detail: 'User inactive or deleted.' },
    ru: { detail: 'Пользователь неактивен или удален.' },
    headers: { 'www-authenticate': 'Token' },
  },
});
