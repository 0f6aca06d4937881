// The transfers: direction and state in the URL and in the API's query, the opening direction chosen from the
// counts, empty states per direction; accept (after a confirmation), decline and cancel sent to the API with the
// new state on the row; a 409's detail on the row and the row read again. Also: the IP list's link with its badge.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, kitText, page, plain, stubApi, stubBrowser } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { offer, openAt, proxy } from '../test/harness.tsx';

const incoming = (id: number, changes: Parameters<typeof offer>[1] = {}) =>
  offer(id, { direction: 'incoming', proxy_id: null, proxy_comment: null, email: 'seller@example.com', ...changes });

/** The counts, the list answering `rows` per direction, and whatever `more` answers first. */
const api =
  (
    rows: { incoming?: ReturnType<typeof offer>[]; outgoing?: ReturnType<typeof offer>[] },
    more: Handler = () => undefined,
    counts = { incoming_pending: 1, outgoing_pending: 0 },
  ): Handler =>
  (call) => {
    if (more(call)) return more(call);
    if (call.path === '/api/transfers/counts/') return [200, counts];
    if (call.path === '/api/transfers/' && call.method === 'GET') {
      const found = rows[call.query.get('direction') as 'incoming' | 'outgoing'] ?? [];
      return [200, page(found.length, found)];
    }
    return undefined;
  };

const listCalls = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === '/api/transfers/' && call.method === 'GET');

beforeEach(() => {
  stubBrowser();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-20T12:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the transfers', () => {
  it('opens on the incoming offers when one waits, and shows each with its place, sender, note and lapse', async () => {
    const calls = stubApi(api({ incoming: [incoming(1, { note: 'бери, пригодится' })] }));
    const router = await openAt('/ip/transfer');
    const list = await screen.findByRole('list', { name: ru.transfer.directions.incomingTitle });
    const row = within(list).getByRole('listitem');
    expect(plain(row)).toContain('Россия, Москва');
    // The operator by its Russian name on a Russian page (#49).
    expect(plain(row)).toContain('МТС');
    expect(plain(row)).not.toContain('MTS');
    expect(plain(row)).toContain('От seller@example.com');
    expect(plain(row)).toContain('бери, пригодится');
    expect(plain(row)).toContain(ru.transfer.states.pending);
    expect(plain(row)).toContain('Истекает через 70 часов');
    // Not the recipient's proxy yet: neither its number nor the sender's label (#28).
    expect(within(row).queryAllByRole('link')).toHaveLength(0);
    expect(plain(row)).not.toContain('Прокси №');
    const query = listCalls(calls)[0]?.query;
    expect(query?.get('direction')).toBe('incoming');
    expect(query?.get('ordering')).toBe('-created_at');
    expect(router.state.location.search).toBe('');
    const current = screen.getByRole('link', { name: /Входящие/ });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(plain(current)).toContain('ждут ответа: 1');
  });

  it('opens on the outgoing offers when nothing waits, with a way to pick a proxy when there are none', async () => {
    const calls = stubApi(api({}, undefined, { incoming_pending: 0, outgoing_pending: 0 }));
    await openAt('/en/ip/transfer', { language: 'en' });
    expect(await screen.findByText(en.transfer.emptyOutgoing)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.transfer.pickProxy }).getAttribute('href')).toBe('/en/ip');
    expect(listCalls(calls)[0]?.query.get('direction')).toBe('outgoing');
    fireEvent.click(screen.getByRole('link', { name: en.transfer.directions.incoming }));
    expect(await screen.findByText(en.transfer.emptyIncoming)).toBeTruthy();
  });

  it('keeps direction, state and page in the URL and asks the API for them', async () => {
    const many = Array.from({ length: 20 }, (_, index) => offer(index + 1, { state: 'accepted' }));
    const calls = stubApi((call) =>
      call.path === '/api/transfers/' && call.method === 'GET'
        ? [200, page(45, many)]
        : call.path === '/api/transfers/counts/'
          ? [200, { incoming_pending: 0, outgoing_pending: 2 }]
          : undefined,
    );
    const router = await openAt('/ip/transfer?direction=outgoing');
    await screen.findByRole('list', { name: ru.transfer.directions.outgoingTitle });
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: ru.transfer.states.accepted })));
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: ru.transfer.states.declined })));
    expect(router.state.location.search).toBe('?direction=outgoing&state=accepted%2Cdeclined');
    expect(listCalls(calls).at(-1)?.query.get('state')).toBe('accepted,declined');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: kitText.ru.pager.next })));
    expect(router.state.location.search).toContain('page=2');
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('2');
    // Another direction keeps the states and starts from the first page.
    await act(async () => fireEvent.click(screen.getByRole('link', { name: ru.transfer.directions.incoming })));
    expect(router.state.location.search).toBe('?direction=incoming&state=accepted%2Cdeclined');
    expect(listCalls(calls).at(-1)?.query.get('direction')).toBe('incoming');
  });

  it('accepts an offer after a confirmation saying what changes, then links to the proxy', async () => {
    const calls = stubApi(
      api({ incoming: [incoming(1)] }, (call) =>
        call.path === '/api/transfers/1/accept/'
          ? [200, incoming(1, { state: 'accepted', proxy_id: 42, decided_at: '2026-06-20T12:00:00Z' })]
          : undefined,
      ),
    );
    await openAt('/ip/transfer?direction=incoming');
    const row = await screen.findByRole('listitem');
    fireEvent.click(within(row).getByRole('button', { name: ru.transfer.accept }));
    const dialog = screen.getByRole('dialog', { name: ru.transfer.acceptTitle });
    expect(plain(dialog)).toContain('Пароль и ссылка для смены IP будут созданы заново');
    expect(plain(dialog)).toContain('автопродление будет выключено');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.transfer.acceptConfirm })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/transfers/1/accept/',
    ]);
    const status = within(row).getByRole('status');
    expect(status.textContent).toBe(ru.transfer.done.accepted);
    expect(document.activeElement).toBe(status);
    expect(plain(row)).toContain(ru.transfer.states.accepted);
    expect(within(row).queryByRole('button', { name: ru.transfer.accept })).toBeNull();
    expect(within(row).getByRole('link', { name: ru.transfer.openProxy }).getAttribute('href')).toBe('/ip/42');
    expect(within(row).getByRole('link', { name: 'Прокси №42' }).getAttribute('href')).toBe('/ip/42');
    // The badges follow.
    expect(calls.filter((call) => call.path === '/api/transfers/counts/')).toHaveLength(2);
  });

  it('stays on the incoming offers after the last one waiting is accepted', async () => {
    let waiting = 1;
    stubApi(
      api({ incoming: [incoming(1)] }, (call) =>
        call.path === '/api/transfers/counts/'
          ? [200, { incoming_pending: waiting, outgoing_pending: 0 }]
          : call.path === '/api/transfers/1/accept/'
            ? ((waiting = 0),
              [200, incoming(1, { state: 'accepted', proxy_id: 42, decided_at: '2026-06-20T12:00:00Z' })])
            : undefined,
      ),
    );
    await openAt('/ip/transfer');
    const row = await screen.findByRole('listitem');
    fireEvent.click(within(row).getByRole('button', { name: ru.transfer.accept }));
    const dialog = screen.getByRole('dialog', { name: ru.transfer.acceptTitle });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.transfer.acceptConfirm })));
    expect(within(row).getByRole('status').textContent).toBe(ru.transfer.done.accepted);
    expect(screen.getByRole('list', { name: ru.transfer.directions.incomingTitle })).toBeTruthy();
  });

  it('declines an offer', async () => {
    const calls = stubApi(
      api({ incoming: [incoming(1)] }, (call) =>
        call.path === '/api/transfers/1/decline/'
          ? [200, incoming(1, { state: 'declined', decided_at: '2026-06-20T12:00:00Z' })]
          : undefined,
      ),
    );
    await openAt('/en/ip/transfer?direction=incoming', { language: 'en' });
    const row = await screen.findByRole('listitem');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: en.transfer.decline })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/transfers/1/decline/',
    ]);
    expect(within(row).getByRole('status').textContent).toBe(en.transfer.done.declined);
    expect(plain(row)).toContain('Declined');
  });

  it('cancels an outgoing offer after a confirmation', async () => {
    const calls = stubApi(
      api({ outgoing: [offer(2, { proxy_comment: 'Парсер цен' })] }, (call) =>
        call.path === '/api/transfers/2/cancel/'
          ? [200, offer(2, { proxy_comment: 'Парсер цен', state: 'cancelled', decided_at: '2026-06-20T12:00:00Z' })]
          : undefined,
      ),
    );
    await openAt('/ip/transfer?direction=outgoing');
    const row = await screen.findByRole('listitem');
    expect(plain(row)).toContain('Кому: friend@example.com');
    expect(within(row).getByRole('link', { name: ru.transfer.openProxy }).getAttribute('href')).toBe('/ip/7');
    // The sender's own label names the proxy, as on every other screen (#28).
    expect(within(row).getByRole('link', { name: 'Парсер цен' }).getAttribute('href')).toBe('/ip/7');
    fireEvent.click(within(row).getByRole('button', { name: ru.transfer.cancel }));
    const dialog = screen.getByRole('dialog', { name: ru.transfer.cancelTitle });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: ru.transfer.cancelConfirm })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/transfers/2/cancel/',
    ]);
    expect(within(row).getByRole('status').textContent).toBe(ru.transfer.done.cancelled);
    expect(plain(row)).toContain(ru.transfer.states.cancelled);
  });

  it("shows a 409's detail on the row and reads the offer again", async () => {
    const calls = stubApi(
      api({ incoming: [incoming(1)] }, (call) =>
        call.path === '/api/transfers/1/decline/'
          ? [409, { detail: 'Предложение уже истекло.' }]
          : call.path === '/api/transfers/1/'
            ? [200, incoming(1, { state: 'expired', decided_at: '2026-06-20T11:00:00Z' })]
            : undefined,
      ),
    );
    await openAt('/ip/transfer?direction=incoming');
    const row = await screen.findByRole('listitem');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: ru.transfer.decline })));
    expect(within(row).getByRole('alert').textContent).toBe('Предложение уже истекло.');
    expect(calls.some((call) => call.path === '/api/transfers/1/' && call.method === 'GET')).toBe(true);
    expect(plain(row)).toContain(ru.transfer.states.expired);
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('is linked from the IP list, with the offers waiting for an answer as a badge', async () => {
    stubApi((call) =>
      call.path === '/api/proxies/'
        ? [200, page(1, [proxy(1)])]
        : call.path === '/api/transfers/counts/'
          ? [200, { incoming_pending: 2, outgoing_pending: 0 }]
          : undefined,
    );
    await openAt('/ip');
    const link = await screen.findByRole('link', { name: /Передачи/ });
    expect(link.getAttribute('href')).toBe('/ip/transfer');
    expect(await within(link).findByText('2 предложения ждут вашего ответа')).toBeTruthy();
  });
});
