import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore, messageAtom } from '@proxy/contract/state';
import { CHOICES, HOST_ALL, host, MODEM_ALL, modem, page } from './test/fixtures.ts';
import { queryOf, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderSection } from './test/render-section.tsx';

const MODEMS = [
  modem(1, 'Moscow MTS 1', {
    proxies: [{ id: 40, owner: { id: 7, email: 'buyer@example.com' }, state: 'active' }],
    last_rotation_at: '2026-03-01T09:00:00Z',
  }),
  modem(6, 'Almaty Beeline 6', {
    country: 'KZ',
    city: 'Almaty',
    city_ru: 'Алматы',
    operator: 'Beeline',
    operator_ru: 'Beeline',
    status: 'maintenance',
  }),
  modem(8, 'Almaty Tele2 8', {
    country: 'KZ',
    city: 'Almaty',
    city_ru: 'Алматы',
    operator: 'Tele2',
    operator_ru: 'Tele2',
    status: 'offline',
    ip: null,
  }),
];

const HOSTS = [
  host(1, 'local', { modems: 8 }),
  host(2, 'msk-2', { last_seen_at: null, served_version: null }),
  host(3, 'spb-1', { served_version: 'v6', modems: 2 }),
];

function answer(call: Call) {
  const url = new URL(call.url, 'http://x');
  if (url.pathname === '/api/panel/farm/choices/') return { body: CHOICES };
  if (url.pathname === '/api/panel/farm/modems/') {
    const country = url.searchParams.get('country');
    return { body: page(MODEMS.filter((row) => !country || country.split(',').includes(row.country))) };
  }
  if (url.pathname === '/api/panel/farm/hosts/3/' && call.method === 'DELETE') {
    return { status: 400, body: { non_field_errors: ['This host still has modems: move or delete them first.'] } };
  }
  if (call.method === 'DELETE') return { status: 204 };
  if (url.pathname === '/api/panel/farm/hosts/') return { body: HOSTS };
  return { status: 404, body: { detail: 'Not found.' } };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

screenTests();

describe('the Farm section', () => {
  it('lists the modems with their host, place, operator, status, IP, last rotation and who uses them', async () => {
    signIn([...MODEM_ALL, ...HOST_ALL]);
    stubApi(answer);
    await renderSection();
    expect(screen.getByRole('heading', { name: 'Farm' })).toBeDefined();
    const used = within(rowOf('Moscow MTS 1'));
    expect(used.getByText('sim-1')).toBeDefined();
    expect(used.getByText('local')).toBeDefined();
    // The country by its name, not its code; the city and operator in English.
    expect(used.getByText('Russia')).toBeDefined();
    expect(used.getByText('Moscow')).toBeDefined();
    expect(used.getByText('MTS')).toBeDefined();
    // The status is in its column, and under the name for phones (CSS shows one of them).
    expect(used.getAllByText('online')).toHaveLength(2);
    expect(used.getByText('127.0.0.11')).toBeDefined();
    expect(used.getByText('buyer@example.com')).toBeDefined();
    expect(used.queryByText('never')).toBeNull();
    const resting = within(rowOf('Almaty Beeline 6'));
    expect(resting.getAllByText('maintenance')).toHaveLength(2);
    expect(resting.getByText('never')).toBeDefined();
    expect(resting.getByText('free')).toBeDefined();
    const down = within(rowOf('Almaty Tele2 8'));
    expect(down.getAllByText('offline')).toHaveLength(2);
    expect(down.getByText('—')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add modem' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete Moscow MTS 1' })).toBeDefined();
  });

  it('filters by country with the options /choices/ gives, and names the hosts in the host filter', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    const router = await renderSection();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Host' }));
    expect(await screen.findByText('msk-2', { selector: '.ant-select-item-option-content' })).toBeDefined();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Country' }));
    await act(async () => {
      fireEvent.click(await screen.findByText('Kazakhstan', { selector: '.ant-select-item-option-content' }));
    });
    expect(router.state.location.search).toBe('?country=KZ');
    const lists = calls.filter((call) => call.url.startsWith('/api/panel/farm/modems/'));
    expect(queryOf(lists.at(-1)?.url)).toMatchObject({ country: 'KZ' });
    expect(screen.queryByRole('link', { name: 'Moscow MTS 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Almaty Beeline 6' })).toBeDefined();
  });

  it('names countries, cities and operators in Russian on the Russian panel, in the list and in its filters', async () => {
    signIn(MODEM_ALL);
    const calls = stubApi(answer);
    const router = await renderSection('/panel/farm');
    const used = within(rowOf('Moscow MTS 1'));
    expect(used.getByText('Россия')).toBeDefined();
    expect(used.getByText('Москва')).toBeDefined();
    expect(used.getByText('МТС')).toBeDefined();
    expect(used.queryByText('RU')).toBeNull();
    expect(used.queryByText('MTS')).toBeNull();
    // Kazakhstan's Tele2 keeps its Latin name, as the operator writes itself there.
    const down = within(rowOf('Almaty Tele2 8'));
    expect(down.getByText('Казахстан')).toBeDefined();
    expect(down.getByText('Алматы')).toBeDefined();
    expect(down.getByText('Tele2')).toBeDefined();
    // The operator filter names each in Russian (both names where two countries write it differently) and sends the
    // English name.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Оператор' }));
    expect(await screen.findByText('Tele2 / Т2', { selector: '.ant-select-item-option-content' })).toBeDefined();
    await act(async () => {
      fireEvent.click(await screen.findByText('МТС', { selector: '.ant-select-item-option-content' }));
    });
    expect(router.state.location.search).toBe('?operator=MTS');
    expect(queryOf(calls.filter((call) => call.url.startsWith('/api/panel/farm/modems/')).at(-1)?.url)).toMatchObject({
      operator: 'MTS',
    });
  });

  it('shows only the tabs the user may read, and no add or delete without those permissions', async () => {
    signIn(['farm.view_agenthost']);
    stubApi(answer);
    await renderSection();
    expect(screen.queryByRole('tab', { name: 'Modems' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Hosts' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'msk-2' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Add host' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('lists the hosts: address, ports, modems, when the agent was last seen and whether it serves the current configuration', async () => {
    signIn([...MODEM_ALL, ...HOST_ALL]);
    stubApi(answer);
    await renderSection('/en/panel/farm?tab=hosts');
    const local = within(rowOf('local'));
    expect(local.getByText('local.farm.example.com')).toBeDefined();
    expect(local.getByText('30000–30999')).toBeDefined();
    expect(local.getByText('8')).toBeDefined();
    expect(local.getByText('up to date')).toBeDefined();
    const fresh = within(rowOf('msk-2'));
    expect(fresh.getByText('never')).toBeDefined();
    expect(fresh.getByText('never received')).toBeDefined();
    expect(within(rowOf('spb-1')).getByText('not applied yet')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add host' })).toBeDefined();
  });

  it("deletes a host after a confirmation, and shows the server's refusal for one with modems", async () => {
    signIn(HOST_ALL);
    const calls = stubApi(answer);
    await renderSection('/en/panel/farm?tab=hosts');
    fireEvent.click(screen.getByRole('button', { name: 'Delete spb-1' }));
    expect(await screen.findByText('Delete the host “spb-1”? Its agent will no longer be let in.')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'This host still has modems: move or delete them first.',
      color: 'error',
    });
    expect(screen.getByRole('link', { name: 'spb-1' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete msk-2' }));
    const confirm = await screen.findByText('Delete the host “msk-2”? Its agent will no longer be let in.');
    await act(async () => {
      fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/panel/farm/hosts/3/',
      '/api/panel/farm/hosts/2/',
    ]);
    expect(screen.queryByRole('link', { name: 'msk-2' })).toBeNull();
  });
});
