// Moving the proxy to another place from its page (#29): country → city → operator from the live stock, the server's
// quote (fee or free, "ports will change" before confirming), the move with an Idempotency-Key, a success toast, the
// page showing the new place, focus back on "Move"; a fee above the balance says by how much; the history names the
// move with both places; a free trial's proxy offers no move (nor a transfer) and says why. In Russian (the default)
// and English.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { appStore, messageAtom } from '@proxy/contract/state';
import { type Handler, page, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { openAt, proxy } from '../test/harness.tsx';

const STOCK = {
  stock: [
    // The proxy's own place is left out of the choices.
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС', free: 3 },
    { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'Beeline', operator_ru: 'Билайн', free: 1 },
    { country: 'RU', city: 'Kazan', city_ru: 'Казань', operator: 'MTS', operator_ru: 'МТС', free: 2 },
    { country: 'DE', city: 'Berlin', city_ru: 'Берлин', operator: 'Telekom', free: 4 },
  ],
  prices: [{ period_days: 30, country: null, price: 390_000, currency: 'RUB', title: 'Месяц' }],
};

type Place = { country: string; city: string; city_ru: string; operator: string; operator_ru?: string };
const quoteOf = (to: Place, changes = {}) => ({
  from: { country: 'RU', city: 'Moscow', city_ru: 'Москва', operator: 'MTS', operator_ru: 'МТС' },
  to,
  available: 2,
  period_days: 30,
  price_now: 390_000,
  price_target: 390_000,
  price_difference: 0,
  same_plan: true,
  fee: 0,
  currency: 'RUB',
  balance: 0,
  balance_after: 0,
  ports_change: false,
  available_at: null,
  ...changes,
});

const KAZAN = { country: 'RU', city: 'Kazan', city_ru: 'Казань', operator: 'MTS', operator_ru: 'МТС' };
const BERLIN = { country: 'DE', city: 'Berlin', city_ru: 'Берлин', operator: 'Telekom' };

/** Proxy 7 as `current()` says, the stock, its history, an empty traffic chart, and whatever `more` answers first. */
const api =
  (current: () => Proxy, more: Handler, history: unknown[] = []): Handler =>
  (call) =>
    more(call) ??
    (call.path === '/api/proxies/7/' && call.method === 'GET'
      ? [200, current()]
      : call.path === '/api/stock/'
        ? [200, STOCK]
        : call.path === '/api/proxies/7/rotations/'
          ? [200, page(history.length, history)]
          : call.path === '/api/proxies/7/traffic/'
            ? [200, { range: '24h', points: [], total_in: 0, total_out: 0 }]
            : undefined);

async function choose(dialog: HTMLElement, label: string, value: string) {
  await act(async () => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } }));
}

beforeEach(() => {
  stubBrowser();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('moving the proxy to another place', () => {
  it('picks the place from the stock, warns that the ports change, moves, and shows the new place (ru)', async () => {
    let current = proxy(7);
    const calls = stubApi(
      api(
        () => current,
        (call) => {
          if (call.path !== '/api/proxies/7/move/') return undefined;
          if (call.method === 'GET') return [200, quoteOf(KAZAN, { ports_change: true })];
          current = proxy(7, { city: 'Kazan', city_ru: 'Казань', http_port: 30001, socks_port: 30002 });
          return [
            201,
            {
              id: 3,
              proxy_id: 7,
              from: quoteOf(KAZAN).from,
              to: KAZAN,
              fee: 0,
              currency: 'RUB',
              ports_changed: true,
              http_port: 30001,
              socks_port: 30002,
              created_at: '2026-06-20T10:00:00Z',
            },
          ];
        },
      ),
    );
    await openAt('/ip/7');
    const opener = await screen.findByRole('button', { name: ru.move.open });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const dialog = screen.getByRole('dialog', { name: ru.move.title });
    await screen.findByRole('option', { name: 'Германия' });
    expect(dialog.textContent).toContain(
      ru.move.help.replace('{{place}}', 'Россия, Москва').replace('{{operator}}', 'МТС'),
    );
    // Moscow's MTS is where the proxy is: only Beeline is offered there, by its Russian name (#49).
    await choose(dialog, ru.move.country, 'RU');
    await choose(dialog, ru.move.city, 'Moscow');
    expect(
      within(within(dialog).getByLabelText(ru.move.operator))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([ru.move.choose, 'Билайн']);
    await choose(dialog, ru.move.city, 'Kazan');
    await choose(dialog, ru.move.operator, 'MTS');

    await within(dialog).findByText(ru.move.portsChange);
    expect(dialog.textContent).toContain(ru.move.free);
    expect(dialog.textContent).toContain(ru.move.samePlan);
    const quote = calls.find((call) => call.path === '/api/proxies/7/move/' && call.method === 'GET');
    expect(Object.fromEntries(quote?.query ?? [])).toEqual({ country: 'RU', city: 'Kazan', operator: 'MTS' });

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.move.submit })));
    const posted = calls.find((call) => call.path === '/api/proxies/7/move/' && call.method === 'POST');
    expect(posted?.body).toEqual({ country: 'RU', city: 'Kazan', operator: 'MTS' });
    expect(posted?.headers.get('idempotency-key')).toBeTruthy();
    expect(appStore.get(messageAtom)).toMatchObject({
      color: 'success',
      text: ru.move.done.replace('{{place}}', 'Россия, Казань').replace('{{operator}}', 'МТС'),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ru.move.open }));
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(header.textContent).toContain('Казань');
    expect(header.textContent).toContain('МТС');
    expect(screen.getByText('30001')).toBeTruthy();
  });

  it('shows the fee of another plan and what the balance lacks, and refuses a short balance by how much (en)', async () => {
    const current = proxy(7);
    const calls = stubApi(
      api(
        () => current,
        (call) =>
          call.path !== '/api/proxies/7/move/'
            ? undefined
            : call.method === 'GET'
              ? [
                  200,
                  quoteOf(BERLIN, {
                    price_target: 450_000,
                    price_difference: 60_000,
                    same_plan: false,
                    fee: 15_000,
                    balance: 20_000,
                    balance_after: 5_000,
                  }),
                ]
              : [402, { detail: 'The move costs RUB 150: top up your balance by RUB 50.' }],
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: en.move.open })));
    const dialog = screen.getByRole('dialog', { name: en.move.title });
    await screen.findByRole('option', { name: 'Germany' });
    await choose(dialog, en.move.country, 'DE');
    await choose(dialog, en.move.city, 'Berlin');
    await choose(dialog, en.move.operator, 'Telekom');
    await within(dialog).findByText(en.move.otherPlan);
    expect(dialog.textContent).toMatch(/There, 30 daysRUB\s4,500Move feeRUB\s150/);
    expect(dialog.textContent).not.toContain(en.move.portsChange);

    const pay = within(dialog).getByRole('button', { name: /^Move for RUB\s150$/ });
    await act(async () => fireEvent.click(pay));
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'The move costs RUB 150: top up your balance by RUB 50.',
    );
    expect(within(dialog).getByRole('link', { name: en.move.topUp })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // The page still shows where the proxy is.
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Moscow');
  });

  it('says what the quote refuses, and disables the move until the balance covers the fee (ru)', async () => {
    stubApi(
      api(
        () => proxy(7),
        (call) =>
          call.path !== '/api/proxies/7/move/'
            ? undefined
            : call.query.get('country') === 'DE'
              ? [200, quoteOf(BERLIN, { same_plan: false, fee: 15_000, balance: 10_000, balance_after: -5_000 })]
              : [409, { detail: 'Свободных модемов этого оператора там сейчас нет: выберите другое место.' }],
      ),
    );
    await openAt('/ip/7');
    const opener = await screen.findByRole('button', { name: ru.move.open });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const dialog = screen.getByRole('dialog', { name: ru.move.title });
    await screen.findByRole('option', { name: 'Германия' });
    await choose(dialog, ru.move.country, 'RU');
    await choose(dialog, ru.move.city, 'Kazan');
    await choose(dialog, ru.move.operator, 'MTS');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Свободных модемов этого оператора там сейчас нет: выберите другое место.',
    );
    expect(within(dialog).getByRole('button', { name: ru.move.submit })).toHaveProperty('disabled', true);

    await choose(dialog, ru.move.country, 'DE');
    await choose(dialog, ru.move.city, 'Berlin');
    await choose(dialog, ru.move.operator, 'Telekom');
    const short = await within(dialog).findByText(/пополните на/);
    expect(short.textContent).toMatch(/^На балансе не хватает денег: пополните на 50\s₽\.$/);
    expect(within(dialog).getByRole('button', { name: /^Перенести за 150\s₽$/ })).toHaveProperty('disabled', true);
    // Cancel closes it and gives focus back to the opener.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.move.cancel })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ru.move.open }));
  });

  it('names the move in the history with both places (en), and offers no move for a suspended proxy', async () => {
    stubApi(
      api(
        () => proxy(7, { state: 'suspended' }),
        () => undefined,
        [
          {
            id: 3,
            kind: 'move',
            source: 'customer',
            status: 'done',
            old_ip: '10.0.0.7',
            new_ip: '10.0.9.1',
            requested_at: '2026-06-20T10:00:00Z',
            finished_at: '2026-06-20T10:00:00Z',
            move: { from: quoteOf(KAZAN).from, to: BERLIN },
          },
        ],
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByText('Moved: Russia, Moscow, MTS → Germany, Berlin, Telekom');
    expect(screen.queryByRole('button', { name: en.move.open })).toBeNull();
  });

  it("offers neither a move nor a transfer of a free trial's proxy, and says why (ru, en, #43)", async () => {
    stubApi(
      api(
        () => proxy(7, { trial: true }),
        () => undefined,
      ),
    );
    await openAt('/ip/7');
    await screen.findByText(ru.billing.trial);
    expect(screen.queryByRole('button', { name: ru.move.open })).toBeNull();
    expect(screen.queryByRole('link', { name: ru.billing.transfer })).toBeNull();
    cleanup();
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByText(en.billing.trial);
    expect(screen.queryByRole('button', { name: en.move.open })).toBeNull();
    expect(screen.queryByRole('link', { name: en.billing.transfer })).toBeNull();
    // An ordinary proxy has both, and no such note.
    cleanup();
    stubApi(
      api(
        () => proxy(7),
        () => undefined,
      ),
    );
    await openAt('/en/ip/7', { language: 'en' });
    await screen.findByRole('button', { name: en.move.open });
    expect(screen.getByRole('link', { name: en.billing.transfer })).toBeTruthy();
    expect(screen.queryByText(en.billing.trial)).toBeNull();
  });
});
