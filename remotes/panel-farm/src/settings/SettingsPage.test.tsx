import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckTarget } from '@proxy/contract/schemas/farm-settings';
import type { TrialSettings } from '@proxy/contract/schemas/trial';
import { screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { MODEM_ALL } from '../test/fixtures.ts';
import { renderSection } from '../test/render-section.tsx';

const TARGET: CheckTarget = {
  check_url: null,
  default_url: 'https://proxy.example.com/api/ip/',
  changed_by: null,
  changed_at: null,
};

const MOSCOW = { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС' };
const ALMATY = { country: 'KZ', city: 'Almaty', city_ru: 'Алматы', operator: 'Beeline', operator_ru: 'Beeline' };

const TRIAL: TrialSettings = {
  enabled: false,
  minutes: 120,
  places: [MOSCOW],
  per_address_per_day: 3,
  min_free_stock: 2,
  changed_by: 'boss@example.com',
  changed_at: '2026-03-01T09:30:00Z',
  place_choices: [ALMATY, MOSCOW],
};

function answer(call: Call) {
  if (call.url === '/api/panel/farm/settings/check/') {
    if (call.method === 'GET') return { body: TARGET };
    const { check_url } = call.body as { check_url: string | null };
    return { body: { ...TARGET, check_url, changed_by: 'staff@example.com', changed_at: '2026-03-02T10:00:00Z' } };
  }
  if (call.url === '/api/panel/farm/settings/trial/') {
    if (call.method === 'GET') return { body: TRIAL };
    const input = call.body as TrialSettings;
    return {
      body: {
        ...TRIAL,
        ...input,
        places: input.places.map((place) => ({ ...place, city_ru: '' })),
        changed_by: 'staff@example.com',
      },
    };
  }
  return { status: 404, body: { detail: 'Not found.' } };
}

const cardOf = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
const writes = (calls: readonly Call[]) => calls.filter((call) => call.method !== 'GET');

/** By its text: right after a submit the button's leaving spinner still adds "loading" to its accessible name. */
async function save(card: HTMLElement) {
  await act(async () => {
    fireEvent.click(
      [...card.querySelectorAll('button')].find((button) => button.textContent === 'Save') as HTMLElement,
    );
  });
}

screenTests();

describe("the Farm section's settings", () => {
  it('sets the health check target: blank is the default, a non-http address is refused before sending', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    await renderSection('/en/panel/farm?tab=settings');
    const card = cardOf('Health check target');
    expect(within(card).getByText('Never changed: the defaults apply.')).toBeDefined();
    expect(within(card).getByText(/Blank: the site's own https:\/\/proxy\.example\.com\/api\/ip\//)).toBeDefined();
    const url = within(card).getByLabelText('Check URL') as HTMLInputElement;
    expect(url.value).toBe('');

    fireEvent.change(url, { target: { value: 'ftp://checks.example.net/' } });
    await save(card);
    expect(writes(calls)).toEqual([]);
    expect(within(card).getByText('Enter an http(s) address.')).toBeDefined();

    fireEvent.change(url, { target: { value: 'https://checks.example.net/ip' } });
    await save(card);
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: '/api/panel/farm/settings/check/', body: { check_url: 'https://checks.example.net/ip' } },
    ]);
    expect(within(card).getByText(/Last changed by staff@example\.com/)).toBeDefined();

    fireEvent.change(url, { target: { value: '  ' } });
    await save(card);
    expect(writes(calls)[1]).toEqual({
      method: 'PUT',
      url: '/api/panel/farm/settings/check/',
      body: { check_url: null },
    });
  });

  it('switches the trial on with its terms and places, and shows who changed it', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    await renderSection('/en/panel/farm?tab=settings');
    const card = cardOf('Free trial');
    expect(within(card).getByText(/Last changed by boss@example\.com/)).toBeDefined();
    const moscow = within(card).getByRole('checkbox', { name: 'Russia · Moscow · MTS' }) as HTMLInputElement;
    const almaty = within(card).getByRole('checkbox', { name: 'Kazakhstan · Almaty · Beeline' }) as HTMLInputElement;
    expect(moscow.checked).toBe(true);
    expect(almaty.checked).toBe(false);

    fireEvent.click(within(card).getByRole('switch', { name: 'Offer a free trial' }));
    fireEvent.change(within(card).getByLabelText('Duration, minutes'), { target: { value: '180' } });
    fireEvent.click(almaty);
    await save(card);
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/panel/farm/settings/trial/',
        body: {
          enabled: true,
          minutes: 180,
          // In the choices' order.
          places: [
            { country: 'KZ', city: 'Almaty', operator: 'Beeline' },
            { country: 'RU', city: 'Moscow', operator: 'MTS' },
          ],
          per_address_per_day: 3,
          min_free_stock: 2,
        },
      },
    ]);
    expect(within(card).getByText(/Last changed by staff@example\.com/)).toBeDefined();
  });

  it("names the trial's places in Russian on the Russian panel: country, city and operator", async () => {
    signIn(MODEM_ALL);
    stubApi(answer);
    await renderSection('/panel/farm?tab=settings');
    const card = cardOf('Бесплатный тест');
    expect(within(card).getByRole('checkbox', { name: 'Россия · Москва · МТС' })).toBeDefined();
    expect(within(card).getByRole('checkbox', { name: 'Казахстан · Алматы · Beeline' })).toBeDefined();
  });

  it('refuses trial minutes out of range or with a fraction on the field, never clamping them (#49)', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    await renderSection('/en/panel/farm?tab=settings');
    const card = cardOf('Free trial');
    const minutes = within(card).getByLabelText('Duration, minutes') as HTMLInputElement;
    for (const [typed, refusal] of [
      ['10', 'At least 30.'],
      ['2000', 'At most 1440.'],
      ['90,5', 'Enter a whole number, without a decimal point or comma.'],
      ['1.000,5', 'Enter a number like 2.5 or 2,5: digits and one decimal point or comma.'],
    ] as const) {
      fireEvent.change(minutes, { target: { value: typed } });
      fireEvent.blur(minutes);
      await save(card);
      // What was typed stays, with the rule beside it: an InputNumber made 10 into 30 on blur without a word.
      expect(minutes.value).toBe(typed);
      expect(minutes.getAttribute('aria-invalid')).toBe('true');
      expect(within(card).getByText(refusal)).toBeDefined();
    }
    expect(writes(calls)).toEqual([]);
    fireEvent.change(minutes, { target: { value: '90' } });
    await save(card);
    expect(writes(calls)).toMatchObject([{ method: 'PUT', body: { minutes: 90 } }]);
  });

  it('is read-only for those who may only view the farm', async () => {
    signIn(['farm.view_modem']);
    stubApi(answer);
    await renderSection('/en/panel/farm?tab=settings');
    expect(screen.getByText('Free trial')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText('Check URL') as HTMLInputElement).disabled).toBe(true);
  });
});
