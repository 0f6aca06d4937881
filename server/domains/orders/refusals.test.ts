import { testRefusals } from '../../test/refusals.ts';
import { ORDER_REFUSALS } from './refusals.ts';

testRefusals('orders', ORDER_REFUSALS, {
  periodNotPriced: {
    refusal: ORDER_REFUSALS.periodNotPriced(),
    status: 400,
    en: { period_days: ['There is no price for this period: choose another one.'] },
    ru: { period_days: ['Для этого срока нет цены: выберите другой.'] },
  },
  promo: {
    refusal: ORDER_REFUSALS.promo({ reason: 'used_up' }),
    status: 400,
    en: { promo_code: ['This promo code has been used up.'] },
    ru: { promo_code: ['Этот промокод закончился.'] },
  },
  outOfStock: {
    refusal: ORDER_REFUSALS.outOfStock({ free: 1 }),
    status: 409,
    en: { detail: 'Only 1 modem is free here now: order at most 1.' },
    ru: { detail: 'Сейчас здесь свободно модемов: 1. Закажите не больше 1.' },
  },
  insufficientFunds: {
    refusal: ORDER_REFUSALS.insufficientFunds(),
    status: 402,
    en: { detail: 'Not enough money on the balance.' },
    ru: { detail: 'Недостаточно средств на балансе.' },
  },
  notOwned: {
    refusal: ORDER_REFUSALS.notOwned(),
    status: 400,
    en: { ids: ['Invalid pk - object does not exist.'] },
    ru: { ids: ['Недопустимый первичный ключ - объект не существует.'] },
  },
  blocked: {
    refusal: ORDER_REFUSALS.blocked(),
    status: 401,
    en: { detail: 'User inactive or deleted.' },
    ru: { detail: 'Пользователь неактивен или удален.' },
    headers: { 'www-authenticate': 'Token' },
  },
});
