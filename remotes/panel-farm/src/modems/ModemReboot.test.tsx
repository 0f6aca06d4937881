// Staff's "Reboot" on the modem page (#29): after a confirmation that says how many proxies go offline; also for an
// offline modem; the new IP or why there is none; a refusal (already restarting) where the button is.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelModem } from '@proxy/contract/schemas/farm';
import { screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';
import { CHOICES, MODEM_ALL, modem } from '../test/fixtures.ts';
import { renderForm } from '../test/setup.tsx';
import { ModemCreate } from './ModemCreate.tsx';
import { ModemEdit } from './ModemEdit.tsx';

const OWNER = { owner: { id: 5, email: 'anna@example.com' }, state: 'active' as const };
const SIM3 = modem(3, 'Moscow Beeline 3', {
  status: 'offline',
  proxies: [
    { id: 70, ...OWNER },
    { id: 71, ...OWNER },
  ],
});

const renderAt = (path: string, loaded: PanelModem = SIM3) =>
  renderForm(path, {
    list: '/en/panel/farm',
    base: '/en/panel/farm/modems',
    Create: ModemCreate,
    Edit: ModemEdit,
    loaded,
  });

/** Clicks the button whose text is `name`, inside `within` (the popconfirm's buttons are found by their text). */
async function click(name: string, within: ParentNode = document.body) {
  await act(async () => {
    fireEvent.click([...within.querySelectorAll('button')].find((button) => button.textContent === name) as Element);
  });
}

const withChoices = (rest: (call: Call) => { status?: number; body?: unknown }) => (call: Call) =>
  call.url === '/api/panel/farm/choices/' ? { body: CHOICES } : rest(call);

screenTests(MODEM_ALL);

describe("the modem page's reboot", () => {
  it('reboots an offline modem after a confirmation naming its proxies, and shows the new IP', async () => {
    const calls = stubApi(
      withChoices((call) =>
        call.url.endsWith('/reboot/')
          ? { body: { ok: true, ip: '127.0.0.99' } }
          : { body: { ...SIM3, status: 'online', ip: '127.0.0.99' } },
      ),
    );
    await renderAt('/en/panel/farm/modems/3');
    await click('Reboot');
    expect(screen.getByText('Reboot this modem?')).toBeDefined();
    expect(
      screen.getByText('Proxies on it: 2. Their connections are closed and they stay offline until the modem is back.'),
    ).toBeDefined();
    expect(calls.some((call) => call.url.endsWith('/reboot/'))).toBe(false);
    await click('Reboot', document.querySelector('.ant-popover') as HTMLElement);
    expect(calls.filter((call) => call.url.endsWith('/reboot/'))).toEqual([
      { method: 'POST', url: '/api/panel/farm/modems/3/reboot/', body: undefined },
    ]);
    expect(screen.getByRole('status').textContent).toBe('New IP: 127.0.0.99');
  });

  it.each([
    [
      { status: 200, body: { ok: false, error: 'timeout' } },
      'The modem is not back within a minute. It may still come back: check it later.',
    ],
    [
      { status: 409, body: { detail: 'The modem is already changing its IP or rebooting. Try again in a minute.' } },
      'The modem is already changing its IP or rebooting. Try again in a minute.',
    ],
  ])('says why a reboot gave no new IP (%j)', async (reboot, text) => {
    stubApi(withChoices((call) => (call.url.endsWith('/reboot/') ? reboot : { body: SIM3 })));
    await renderAt('/en/panel/farm/modems/3');
    await click('Reboot');
    await click('Reboot', document.querySelector('.ant-popover') as HTMLElement);
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('is not offered without the change permission', async () => {
    signIn(['farm.view_modem']);
    stubApi(withChoices(() => ({ body: SIM3 })));
    await renderAt('/en/panel/farm/modems/3');
    expect(screen.queryByRole('button', { name: 'Reboot' })).toBeNull();
  });
});
