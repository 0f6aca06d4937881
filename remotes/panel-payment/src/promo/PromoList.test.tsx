import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import type { PanelPromoCode } from '@proxy/contract/schemas/billing';
import { appStore, messageAtom } from '@proxy/contract/state';
import { chooseOption, queryOf, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderSection } from '../test/render-section.tsx';

const promo = (id: number, code: string, extra: Partial<PanelPromoCode> = {}): PanelPromoCode => ({
  id,
  code,
  kind: 'percent',
  value: 10,
  valid_from: null,
  valid_until: null,
  max_uses: null,
  once_per_customer: true,
  active: true,
  uses: 0,
  created_at: '2026-02-01T10:00:00Z',
  updated_at: '2026-02-01T10:00:00Z',
  ...extra,
});

const PROMOS = [
  promo(1, 'SPRING10', { uses: 4, max_uses: 100, valid_until: '2026-05-31' }),
  promo(2, 'MINUS500', { kind: 'fixed', value: 50_000, active: false }),
];

const ALL = [
  'payments.view_promocode',
  'payments.add_promocode',
  'payments.change_promocode',
  'payments.delete_promocode',
];

function answer(write: (call: Call) => { status?: number; body?: unknown } = () => ({ body: PROMOS[0] })) {
  return (call: Call) => {
    if (call.method !== 'GET') return write(call);
    if (call.url === '/api/panel/promo-codes/2/') return { body: PROMOS[1] };
    return { body: { count: 2, next: null, previous: null, results: PROMOS } };
  };
}

const field = (label: string) =>
  within(screen.getByRole('dialog')).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** Save (its name may keep antd's "loading" icon label while the spinner of a previous submit fades out). */
const save = async () => {
  await act(async () => {
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Save$/ }));
  });
};

screenTests(ALL);

describe('the promo codes', () => {
  it('lists the codes with their discount, validity, uses and state, filtered through the URL', async () => {
    const calls = stubApi(answer());
    await renderSection('/en/panel/payment?tab=promo&active=true&ordering=-uses');
    const spring = (await screen.findByRole('link', { name: 'SPRING10' })).closest('tr') as HTMLElement;
    expect(queryOf(calls[0]?.url)).toEqual({ active: 'true', ordering: '-uses', page: '1', page_size: '20' });
    expect(within(spring).getByText('10%')).toBeDefined();
    expect(within(spring).getByText('4 of 100')).toBeDefined();
    // The day before the month, as the dashboard writes English dates (#49).
    expect(spring.textContent).toContain('until 31/05/2026');
    const minus = screen.getByRole('link', { name: 'MINUS500' }).closest('tr') as HTMLElement;
    expect(minus.textContent).toContain(formatPrice(50_000, 'RUB', 'en'));
    expect(within(minus).getByText('Off')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete MINUS500' })).toBeDefined();
  });

  it('refuses a percent over 100 on its field, sending nothing', async () => {
    const calls = stubApi(answer());
    await renderSection('/en/panel/payment?tab=promo');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Create promo code' }));
    });
    expect(screen.getByRole('dialog').querySelector('.ant-drawer-title')?.textContent).toBe('New promo code');
    type('Code', 'big150');
    type('Discount, %', '150');
    await save();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    const item = field('Discount, %').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('A percentage is from 1 to 100.')).toBeDefined();
  });

  it('creates a fixed discount in minor units with dates and a use limit, then closes the drawer and reloads', async () => {
    const calls = stubApi(answer(() => ({ status: 201, body: promo(3, 'WELCOME') })));
    const router = await renderSection('/en/panel/payment?tab=promo');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Create promo code' }));
    });
    expect(new URLSearchParams(router.state.location.search).get('promo')).toBe('new');
    type('Code', 'welcome');
    await chooseOption('Kind', 'Fixed amount', screen.getByRole('dialog'));
    type('Discount, RUB', '250.5');
    type('Valid from', '2026-03-01');
    type('Valid until', '2026-02-01');
    await save();
    // The end before the start: refused on the end's field.
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    const until = field('Valid until').closest('.ant-form-item') as HTMLElement;
    expect(within(until).getByText('The end date is before the start date.')).toBeDefined();
    type('Valid until', '2026-03-31');
    type('Uses in total', '100');
    await save();
    const post = calls.filter((call) => call.method === 'POST');
    expect(post.map((call) => [call.url, call.body])).toEqual([
      [
        '/api/panel/promo-codes/',
        {
          code: 'WELCOME',
          kind: 'fixed',
          value: 25_050,
          valid_from: '2026-03-01',
          valid_until: '2026-03-31',
          max_uses: 100,
          once_per_customer: true,
          active: true,
        },
      ],
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Created', color: 'success' });
    expect(router.state.location.search).toBe('?tab=promo');
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('opens a code from its link, in major units, and saves the change', async () => {
    const calls = stubApi(answer(({ body }) => ({ body: { ...PROMOS[1], ...(body as object) } })));
    await renderSection('/en/panel/payment?tab=promo');
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: 'MINUS500' }));
    });
    expect(calls.map((call) => call.url)).toContain('/api/panel/promo-codes/2/');
    expect(await screen.findByDisplayValue('500')).toBeDefined();
    type('Discount, RUB', '450');
    await save();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/panel/promo-codes/2/');
    expect(patch?.body).toMatchObject({ code: 'MINUS500', kind: 'fixed', value: 45_000, active: false });
  });

  it('shows a viewer the codes read-only: no create or delete, the form without save', async () => {
    signIn(['payments.view_promocode']);
    stubApi(answer());
    await renderSection('/en/panel/payment?tab=promo&promo=2');
    await screen.findByDisplayValue('MINUS500');
    expect(screen.queryByRole('button', { name: 'Create promo code' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('Code').disabled).toBe(true);
  });
});
