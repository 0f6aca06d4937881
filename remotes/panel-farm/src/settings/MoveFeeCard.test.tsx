import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoveSettings } from '@proxy/contract/schemas/moves';
import { screenTests, sectionProviders, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { MODEM_ALL } from '../test/fixtures.ts';
import { MoveFeeCard } from './MoveFeeCard.tsx';

// The move fee's card (#29): shown in major units, saved in minor ones, who changed it last; read-only for viewers.

const SETTINGS: MoveSettings = { fee: 15_000, currency: 'RUB', changed_by: null, changed_at: null };

function answer(call: Call) {
  if (call.url !== '/api/panel/farm/settings/move/') return { status: 404, body: { detail: 'Not found.' } };
  if (call.method === 'GET') return { body: SETTINGS };
  const { fee } = call.body as { fee: number };
  return { body: { ...SETTINGS, fee, changed_by: 'staff@example.com', changed_at: '2026-03-02T10:00:00Z' } };
}

const Providers = sectionProviders('panel-farm', { ru, en });
async function renderCard(language: 'ru' | 'en') {
  await act(async () => {
    render(
      <Providers language={language}>
        <MoveFeeCard />
      </Providers>,
    );
  });
}
const writes = (calls: readonly Call[]) => calls.filter((call) => call.method !== 'GET');
const saveIn = async (card: HTMLElement, label: string) => {
  await act(async () => {
    fireEvent.click([...card.querySelectorAll('button')].find((button) => button.textContent === label) as HTMLElement);
  });
};

screenTests();

describe('the move fee card', () => {
  it('shows the fee in roubles and saves it in kopecks, then who changed it (en)', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    await renderCard('en');
    const card = (await screen.findByText(en.settings.move.title)).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText(en.settings.neverChanged)).toBeDefined();
    const fee = within(card).getByLabelText('Move fee, RUB') as HTMLInputElement;
    expect(fee.value).toBe('150');
    expect(card.textContent).toMatch(/now RUB\s150/);

    fireEvent.change(fee, { target: { value: '200.5' } });
    await saveIn(card, 'Save');
    expect(writes(calls)).toEqual([{ method: 'PUT', url: '/api/panel/farm/settings/move/', body: { fee: 20_050 } }]);
    expect(within(card).getByText(/Last changed by staff@example\.com/)).toBeDefined();

    fireEvent.change(fee, { target: { value: '' } });
    await saveIn(card, 'Save');
    // An empty amount is refused before sending.
    expect(writes(calls)).toHaveLength(1);
  });

  it('is in Russian under /panel, and read-only for those who may only view the farm', async () => {
    signIn(['farm.view_modem']);
    stubApi(answer);
    await renderCard('ru');
    const card = (await screen.findByText(ru.settings.move.title)).closest('.ant-card') as HTMLElement;
    const fee = within(card).getByLabelText('Плата за перенос, ₽') as HTMLInputElement;
    expect(fee.disabled).toBe(true);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.textContent).toMatch(/сейчас 150\s₽/);
  });
});
