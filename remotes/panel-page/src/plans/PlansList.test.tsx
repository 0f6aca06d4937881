import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelPlan } from '@proxy/contract/schemas/plans';
import { screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { Providers } from '../test/setup.tsx';
import { PlansList } from './PlansList.tsx';

// A plan's period is any whole number of days from 1 to 365 (#49 item 9): typed, not picked from a fixed list, with
// the usual periods named as suggestions and anything else refused on the field before sending, in both languages.

function answer(call: Call) {
  if (call.method === 'GET') return { body: [] };
  const input = call.body as Partial<PanelPlan>;
  return {
    status: 201,
    body: {
      id: 9,
      title_en: '',
      caption_ru: '',
      caption_en: '',
      features_ru: [],
      features_en: [],
      highlighted: false,
      active: true,
      country: null,
      sort_order: 0,
      updated_at: '2026-02-01T10:00:00Z',
      ...input,
    },
  };
}

const WORDS = {
  en: { save: 'Save', whole: 'Enter a whole number, without a decimal point or comma.', max: 'At most 365.' },
  ru: { save: 'Сохранить', whole: 'Введите целое число, без запятой или точки.', max: 'Не больше 365.' },
} as const;

screenTests();

describe.each(['en', 'ru'] as const)('the plan form (%s)', (language) => {
  const t = language === 'en' ? en.plans : ru.plans;
  const words = WORDS[language];

  it('takes a period of 45 days, and refuses 400 days and a fraction on the field without sending', async () => {
    signIn(['pages.view_page', 'pages.add_page', 'pages.change_page']);
    const calls = stubApi(answer);
    await act(async () => {
      render(
        <Providers language={language}>
          <PlansList />
        </Providers>,
      );
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: t.create }));
    });
    fireEvent.change(screen.getByLabelText(t.titleRu), { target: { value: '45 дней' } });
    fireEvent.change(screen.getByLabelText(t.price), { target: { value: '5000' } });
    const period = screen.getByLabelText(t.periodDays) as HTMLInputElement;
    expect(period.value).toBe('30');
    // The usual periods are suggested under the field.
    expect(screen.getByText(new RegExp(`^${t.periodHelp.split('{{')[0]}1`)).textContent).toMatch(/365\.$/);
    const save = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: words.save }));
      });
    };

    for (const [typed, error] of [
      ['400', words.max],
      ['4,5', words.whole],
    ] as const) {
      fireEvent.change(period, { target: { value: typed } });
      fireEvent.blur(period);
      await save();
      expect(await screen.findByText(error)).toBeDefined();
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(period, { target: { value: '45' } });
    // Priced for one country: the order there takes it over an any-country plan.
    fireEvent.change(screen.getByLabelText(t.country), { target: { value: 'kz' } });
    await save();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/panel/plans/');
    expect(posts[0]?.body).toMatchObject({
      title_ru: '45 дней',
      price: 500_000,
      period_days: 45,
      country: 'KZ',
    });
  });
});
