// The order made whole against the stock: choices that can still be ordered stay, the rest fall to what can.
import { describe, expect, it } from 'vitest';
import type { Stock } from '@proxy/contract/schemas/orders';
import { choose, type OrderValues, periodFromUrl, pricesFor, settle } from './choices.ts';

const stock: Stock = {
  stock: [
    { country: 'RU', city: 'Москва', operator: 'MTS', free: 4 },
    { country: 'RU', city: 'Москва', operator: 'Tele2', free: 60 },
    { country: 'KZ', city: 'Алматы', operator: 'Kcell', free: 1 },
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
  city: 'Москва',
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
    expect(settle(stock, start, 'ru')).toEqual({ ...start, country: 'RU', city: 'Москва', operator: 'Tele2' });
    expect(settle(stock, { ...start, period: '14' }, 'ru').period).toBe('7');
  });

  it('picks afresh below a changed choice, and a period the new country lacks falls to its first', () => {
    expect(choose(stock, { ...values, period: '7' }, 'country', 'KZ', 'ru')).toEqual({
      ...values,
      country: 'KZ',
      city: 'Алматы',
      operator: 'Kcell',
      period: '7',
      quantity: '1',
    });
    expect(settle(stock, { ...values, country: 'KZ', city: '', operator: '', period: '90' }, 'ru').period).toBe('7');
  });

  it('reads a period from the URL only when it is one', () => {
    expect(periodFromUrl('30')).toBe('30');
    for (const raw of [null, '', '0', '-7', '7.5', 'abc', '1000']) expect(periodFromUrl(raw), String(raw)).toBe('');
  });
});
