// The order made whole against the stock: choices that can still be ordered stay, the rest fall to what can.
import { describe, expect, it } from 'vitest';
import type { Stock } from '@proxy/contract/schemas/orders';
import { pricesFor } from '@proxy/contract/money';
import { choose, citiesOf, operatorsOf, type OrderValues, periodFromUrl, settle } from './choices.ts';

const stock: Stock = {
  stock: [
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', free: 4 },
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'Tele2', free: 60 },
    { country: 'KZ', city: 'Almaty', city_ru: 'Алматы', operator: 'Kcell', free: 1 },
  ],
  prices: [
    { period_days: 30, country: 'RU', price: 300_000, currency: 'RUB', title: 'RU' },
    { period_days: 30, country: null, price: 290_000, currency: 'RUB', title: 'any' },
    { period_days: 7, country: null, price: 90_000, currency: 'RUB', title: 'any' },
    { period_days: 14, country: 'KZ', price: 150_000, currency: 'RUB', title: 'KZ' },
  ],
};
const values: OrderValues = {
  country: 'RU',
  city: 'Moscow',
  operator: 'MTS',
  period: '30',
  quantity: '3',
  promo_code: '',
  auto_renew: false,
};

describe('the price list of a country', () => {
  it("takes a plan naming the country over one for any, whatever the list's order, shortest period first", () => {
    expect(pricesFor(stock.prices, 'RU').map((price) => [price.period_days, price.price])).toEqual([
      [7, 90_000],
      [30, 300_000],
    ]);
    expect(pricesFor([...stock.prices].reverse(), 'RU').map((price) => price.price)).toEqual([90_000, 300_000]);
    expect(pricesFor(stock.prices, 'KZ').map((price) => [price.period_days, price.price])).toEqual([
      [7, 90_000],
      [14, 150_000],
      [30, 290_000],
    ]);
  });
});

describe('settling an order', () => {
  it('keeps what can be ordered and brings the quantity down to what is free', () => {
    expect(settle(stock, values, 'ru')).toEqual(values);
    const soldOut = {
      ...stock,
      stock: stock.stock.map((item) => (item.operator === 'MTS' ? { ...item, free: 2 } : item)),
    };
    expect(settle(soldOut, values, 'ru').quantity).toBe('2');
    // More than one order may ask for: the contract's maximum.
    expect(settle(stock, { ...values, operator: 'Tele2', quantity: '99' }, 'ru').quantity).toBe('50');
  });

  it('starts where the most modems are free, the period asked for kept when the country has it', () => {
    const start = { ...values, country: '', city: '', operator: '', quantity: '1' };
    expect(settle(stock, start, 'ru')).toEqual({ ...start, country: 'RU', city: 'Moscow', operator: 'Tele2' });
    expect(settle(stock, { ...start, period: '14' }, 'ru').period).toBe('7');
  });

  it('picks afresh below a changed choice, and a period the new country lacks falls to its first', () => {
    expect(choose(stock, { ...values, period: '7' }, 'country', 'KZ', 'ru')).toEqual({
      ...values,
      country: 'KZ',
      city: 'Almaty',
      operator: 'Kcell',
      period: '7',
      quantity: '1',
    });
    expect(settle(stock, { ...values, country: 'KZ', city: '', operator: '', period: '90' }, 'ru').period).toBe('7');
  });

  it("names the cities in the page's language and orders them by that name; the value stays the English key", () => {
    const cities = [
      ...stock.stock,
      { country: 'RU', city: 'Yekaterinburg', city_ru: 'Екатеринбург', operator: 'MTS', free: 2 },
    ];
    expect(citiesOf(cities, 'RU', 'ru')).toEqual([
      { value: 'Yekaterinburg', name: 'Екатеринбург', free: 2 },
      { value: 'Moscow', name: 'Москва', free: 64 },
    ]);
    expect(citiesOf(cities, 'RU', 'en')).toEqual([
      { value: 'Moscow', name: 'Moscow', free: 64 },
      { value: 'Yekaterinburg', name: 'Yekaterinburg', free: 2 },
    ]);
  });

  it('names the operators as it names the cities: Russian names on a Russian page, ordered by them', () => {
    const operators = [
      { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС', free: 4 },
      { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'Beeline', operator_ru: 'Билайн', free: 1 },
      { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'Yota', operator_ru: '', free: 2 },
    ];
    expect(operatorsOf(operators, 'RU', 'Moscow', 'ru')).toEqual([
      { value: 'Beeline', name: 'Билайн', free: 1 },
      { value: 'MTS', name: 'МТС', free: 4 },
      { value: 'Yota', name: 'Yota', free: 2 },
    ]);
    expect(operatorsOf(operators, 'RU', 'Moscow', 'en').map((choice) => choice.name)).toEqual([
      'Beeline',
      'MTS',
      'Yota',
    ]);
  });

  it('reads a period from the URL only when it is one', () => {
    expect(periodFromUrl('30')).toBe('30');
    for (const raw of [null, '', '0', '-7', '7.5', 'abc', '1000']) expect(periodFromUrl(raw), String(raw)).toBe('');
  });
});
