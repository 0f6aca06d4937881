import { describe, expect, it } from 'vitest';
import { cityName, countryName, operatorName } from './countries.ts';

describe('countries', () => {
  it('name a code in both languages, one way (the full name), and leave anything else as it is', () => {
    expect(countryName('RU', 'ru')).toBe('Россия');
    expect(countryName('RU', 'en')).toBe('Russia');
    expect(countryName('KZ', 'ru')).toBe('Казахстан');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('GB', 'ru')).toBe('Великобритания');
    expect(countryName('Moscow', 'en')).toBe('Moscow');
    expect(countryName('ru', 'en')).toBe('ru');
  });

  it('name a city in the language: Russian where it has a Russian name, else the English key', () => {
    const moscow = { city: 'Moscow', city_ru: 'Москва' };
    expect(cityName(moscow, 'ru')).toBe('Москва');
    expect(cityName(moscow, 'en')).toBe('Moscow');
    expect(cityName({ city: 'Kazan', city_ru: '' }, 'ru')).toBe('Kazan');
    expect(cityName({ city: 'Kazan' }, 'ru')).toBe('Kazan');
  });

  it('name an operator in the language the same way: МТС on a Russian page, MTS on an English one', () => {
    const mts = { operator: 'MTS', operator_ru: 'МТС' };
    expect(operatorName(mts, 'ru')).toBe('МТС');
    expect(operatorName(mts, 'en')).toBe('MTS');
    expect(operatorName({ operator: 'Kcell', operator_ru: '' }, 'ru')).toBe('Kcell');
    expect(operatorName({ operator: 'Kcell' }, 'ru')).toBe('Kcell');
  });
});
