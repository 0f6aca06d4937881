import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelModem } from '@proxy/contract/schemas/farm';
import { appStore, messageAtom } from '@proxy/contract/state';
import { CHOICES, MODEM_ALL, modem } from '../test/fixtures.ts';
import { chooseOption, screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { renderForm } from '../test/setup.tsx';
import { ModemCreate } from './ModemCreate.tsx';
import { ModemEdit } from './ModemEdit.tsx';

const SIM3 = modem(3, 'Moscow Beeline 3', { operator: 'Beeline', operator_ru: 'Билайн', notes: 'Top shelf' });

const renderAt = (path: string, loaded: PanelModem = SIM3) =>
  renderForm(path, {
    list: '/en/panel/farm',
    base: '/en/panel/farm/modems',
    Create: ModemCreate,
    Edit: ModemEdit,
    loaded,
  });

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The API: the form's choices, and whatever else `rest` answers. */
const withChoices = (rest: (call: Call) => { status?: number; body?: unknown }) => (call: Call) =>
  call.url === '/api/panel/farm/choices/' ? { body: CHOICES } : rest(call);

screenTests(MODEM_ALL);

describe('the modem form', () => {
  it('creates a modem on the host chosen, the country code in capitals, then opens its edit screen', async () => {
    const calls = stubApi(
      withChoices(({ body }) => ({
        status: 201,
        body: { ...SIM3, ...(body as object), host: { id: 2, name: 'msk-2' }, status: 'maintenance', id: 21 },
      })),
    );
    const router = await renderAt('/en/panel/farm/modems/add');
    expect(itemOf('Key').textContent).toContain("The modem as the host's driver knows it: sim-3, usb0.");
    await chooseOption('Host', 'msk-2');
    type('Name', 'Almaty Tele2 9');
    type('Key', ' usb0 ');
    type('Country code', 'kz');
    type('City in English', 'Almaty');
    type('City in Russian', 'Алматы');
    type('Operator in English', 'Tele2');
    type('Operator in Russian', 'Tele2');
    fireEvent.click(screen.getByRole('switch', { name: 'Maintenance' }));
    await click('Save');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        url: '/api/panel/farm/modems/',
        body: {
          host: 2,
          name: 'Almaty Tele2 9',
          key: 'usb0',
          country: 'KZ',
          city: 'Almaty',
          city_ru: 'Алматы',
          operator: 'Tele2',
          operator_ru: 'Tele2',
          capacity: 1,
          notes: '',
          maintenance: true,
        },
      },
    ]);
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Created', color: 'success' });
    expect(router.state.location.pathname).toBe('/en/panel/farm/modems/21');
  });

  it('says what is wrong on each field before sending: no host, a key the driver cannot have, a bad country', async () => {
    const calls = stubApi(withChoices(() => ({ status: 201, body: SIM3 })));
    await renderAt('/en/panel/farm/modems/add');
    type('Name', 'Spare');
    type('Key', 'usb 0');
    type('Country code', 'K');
    type('City in English', 'Almaty');
    type('Operator in English', 'Tele2');
    await click('Save');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(within(itemOf('Host')).getByText('This field is required.')).toBeDefined();
    expect(
      within(itemOf('Key')).getByText(
        'Letters, digits and . _ : - only, starting with a letter or a digit (at most 64).',
      ),
    ).toBeDefined();
    expect(within(itemOf('Country code')).getByText('A two-letter country code (ISO 3166), e.g. RU.')).toBeDefined();
    // Both names of the city and of the operator are asked for: Russian pages show the Russian ones (#28, #49).
    expect(within(itemOf('City in Russian')).getByText('This field is required.')).toBeDefined();
    expect(within(itemOf('Operator in Russian')).getByText('This field is required.')).toBeDefined();
  });

  it("shows the modem's state and who uses it, and saves its fields without touching maintenance", async () => {
    const used = {
      ...SIM3,
      status: 'maintenance' as const,
      proxies: [{ id: 4, owner: { id: 9, email: 'buyer@example.com' }, state: 'active' }],
    };
    const calls = stubApi(withChoices(({ body }) => ({ body: { ...used, ...(body as object), host: used.host } })));
    await renderAt('/en/panel/farm/modems/3', used);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Moscow Beeline 3 maintenance');
    expect(screen.getByText('127.0.0.13')).toBeDefined();
    expect(screen.getByText('buyer@example.com')).toBeDefined();
    expect(screen.getByText('never')).toBeDefined();
    expect(
      (screen.getByRole('switch', { name: 'Maintenance' }) as HTMLButtonElement).getAttribute('aria-checked'),
    ).toBe('true');
    // Only an online modem rotates.
    expect((screen.getByRole('button', { name: 'Rotate now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Only an online modem can change its IP.')).toBeDefined();
    expect(field('City in English').value).toBe('Moscow');
    expect(field('City in Russian').value).toBe('Москва');
    expect(field('Operator in English').value).toBe('Beeline');
    expect(field('Operator in Russian').value).toBe('Билайн');
    type('Name', 'Moscow Beeline 3 (spare)');
    type('City in Russian', 'г. Москва');
    type('Operator in Russian', 'Билайн (Москва)');
    await click('Save');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe('/api/panel/farm/modems/3/');
    expect(patch?.body).toEqual({
      host: 1,
      name: 'Moscow Beeline 3 (spare)',
      key: 'sim-3',
      country: 'RU',
      city: 'Moscow',
      city_ru: 'г. Москва',
      operator: 'Beeline',
      operator_ru: 'Билайн (Москва)',
      capacity: 1,
      notes: 'Top shelf',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Moscow Beeline 3 (spare) maintenance');
  });

  it('puts the modem in maintenance at once, and back', async () => {
    const calls = stubApi(
      withChoices(({ body }) => ({
        body: { ...SIM3, status: (body as { maintenance: boolean }).maintenance ? 'maintenance' : 'online' },
      })),
    );
    await renderAt('/en/panel/farm/modems/3');
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Maintenance' }));
    });
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { maintenance: true } });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'The modem is in maintenance', color: 'success' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Moscow Beeline 3 maintenance');
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Maintenance' }));
    });
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { maintenance: false } });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'The modem is back in service' });
  });

  it('rotates now and shows the new IP, which the state then shows too', async () => {
    stubApi(
      withChoices((call) =>
        call.url.endsWith('/rotate/')
          ? { body: { ok: true, ip: '127.0.0.99' } }
          : { body: { ...SIM3, ip: '127.0.0.99', last_rotation_at: '2026-03-02T10:00:00Z' } },
      ),
    );
    await renderAt('/en/panel/farm/modems/3');
    expect(
      screen.getByText('Asks the agent to reconnect the modem to get a new IP; this can take up to a minute.'),
    ).toBeDefined();
    await click('Rotate now');
    expect(screen.getByRole('status').textContent).toBe('New IP: 127.0.0.99');
    expect(screen.queryByText('127.0.0.13')).toBeNull();
    expect(screen.queryByText('never')).toBeNull();
  });

  it.each([
    [
      { status: 200, body: { ok: false, error: 'timeout' } },
      'The agent did not answer within a minute. The IP may still change: check the modem later.',
    ],
    [
      { status: 200, body: { ok: false, error: 'rotation_failed' } },
      'The agent could not change the IP: the modem kept its address.',
    ],
    [
      { status: 409, body: { detail: 'The modem is not online: it cannot change its IP now.' } },
      'The modem is not online: it cannot change its IP now.',
    ],
  ])('says why a rotation gave no new IP (%j)', async (rotation, text) => {
    stubApi(withChoices((call) => (call.url.endsWith('/rotate/') ? rotation : { body: SIM3 })));
    await renderAt('/en/panel/farm/modems/3');
    await click('Rotate now');
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('is read-only without the change permission: no rotate, maintenance, save or delete', async () => {
    signIn(['farm.view_modem']);
    stubApi(withChoices(() => ({ body: SIM3 })));
    await renderAt('/en/panel/farm/modems/3');
    expect(screen.getByText('You can view this modem but not change it.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Rotate now' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Maintenance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(field('Name').disabled).toBe(true);
  });

  it("deletes a modem after a confirmation, and shows the server's refusal while a proxy uses it", async () => {
    stubApi(
      withChoices(({ method }) =>
        method === 'DELETE'
          ? {
              status: 400,
              body: {
                non_field_errors: ['Proxies use this modem: it can be put in maintenance, not deleted or moved.'],
              },
            }
          : { body: SIM3 },
      ),
    );
    const router = await renderAt('/en/panel/farm/modems/3');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Moscow Beeline 3' }));
    expect(await screen.findByText('Delete the modem “Moscow Beeline 3”? This cannot be undone.')).toBeDefined();
    await click('Delete');
    expect(appStore.get(messageAtom)).toMatchObject({
      text: 'Proxies use this modem: it can be put in maintenance, not deleted or moved.',
      color: 'error',
    });
    expect(router.state.location.pathname).toBe('/en/panel/farm/modems/3');
  });
});
