import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import { HOST_ALL, host } from '../test/fixtures.ts';
import { screenTests, signIn, stubApi } from '@proxy/panel-kit/testing';
import { renderForm } from '../test/setup.tsx';
import { HostCreate } from './HostCreate.tsx';
import { HostEdit } from './HostEdit.tsx';

const MSK = host(4, 'msk-1', { modems: 3, last_seen_at: null, served_version: null });
const TOKEN = 'f'.repeat(43);

const renderAt = (path: string, loaded: AgentHostItem = MSK) =>
  renderForm(path, {
    list: '/en/panel/farm',
    base: '/en/panel/farm/hosts',
    Create: HostCreate,
    Edit: HostEdit,
    loaded,
  });

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function click(name: string, within: HTMLElement = document.body) {
  await act(async () => {
    fireEvent.click(
      [...within.querySelectorAll('button')].find((button) => button.textContent === name) as HTMLElement,
    );
  });
}

screenTests(HOST_ALL);

describe('the farm host form', () => {
  it('creates a host, shows its token once with the agent settings, then opens the host', async () => {
    const calls = stubApi(({ body }) => ({ status: 201, body: { ...MSK, ...(body as object), id: 9, token: TOKEN } }));
    const router = await renderAt('/en/panel/farm/hosts/add');
    type('Name', 'msk-1');
    type('Public address', ' farm1.example.com ');
    type('First port', '31000');
    type('Last port', '31999');
    await click('Save');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/panel/farm/hosts/',
        body: { name: 'msk-1', public_host: 'farm1.example.com', port_min: 31_000, port_max: 31_999 },
      },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Agent token for “msk-1”' });
    expect(
      within(dialog).getByText('Copy the token now: it will not be shown again. If it is lost, make a new one.'),
    ).toBeDefined();
    expect(within(dialog).getByText(TOKEN)).toBeDefined();
    expect(
      within(dialog).getByText(`AGENT_API_URL=${window.location.origin} AGENT_TOKEN=${TOKEN}`, {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Copy the token' }).textContent).toBe('Copy');
    expect(within(dialog).getByRole('button', { name: 'Copy the agent settings' }).textContent).toBe('Copy');
    // Still on the form until the token is taken.
    expect(router.state.location.pathname).toBe('/en/panel/farm/hosts/add');
    await click("I've saved the token", dialog);
    expect(router.state.location.pathname).toBe('/en/panel/farm/hosts/9');
  });

  it('checks the port range before sending: the last port above the first', async () => {
    const calls = stubApi(() => ({ status: 201, body: MSK }));
    await renderAt('/en/panel/farm/hosts/add');
    type('Name', 'msk-1');
    type('Public address', 'farm1.example.com');
    type('First port', '31000');
    type('Last port', '30000');
    await click('Save');
    expect(calls).toHaveLength(0);
    const item = field('Last port').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('The last port must be above the first.')).toBeDefined();
  });

  it("shows the agent's state, and a new token — after a confirmation — once", async () => {
    const calls = stubApi(() => ({ body: { ...MSK, token: TOKEN } }));
    await renderAt('/en/panel/farm/hosts/4');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('msk-1');
    expect(screen.getByText('never')).toBeDefined();
    expect(screen.getByText('never received')).toBeDefined();
    await click('New token');
    expect(
      screen.getByText('Make a new agent token? The current one stops working at once: the agent needs the new one.'),
    ).toBeDefined();
    await click('New token', document.querySelector('.ant-popover') as HTMLElement);
    expect(calls).toEqual([{ method: 'POST', url: '/api/panel/farm/hosts/4/token/', body: undefined }]);
    // The popconfirm's closing motion leaves jsdom's accessibility tree stale: the dialog is found by its content.
    const dialog = screen.getByText(TOKEN).closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText('Agent token for “msk-1”')).toBeDefined();
    // That the token leaves the page once closed is checked in a browser (e2e/panel-farm.test.ts): jsdom runs no
    // closing motion, so antd keeps the dialog's last content.
  });

  it('saves the fields it is given, and shows a server refusal on its field', async () => {
    const calls = stubApi(() => ({
      status: 400,
      body: { port_max: ['Proxies use ports outside this range: keep them inside it.'] },
    }));
    await renderAt('/en/panel/farm/hosts/4');
    type('Last port', '30100');
    await click('Save');
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/panel/farm/hosts/4/',
      body: { name: 'msk-1', public_host: 'msk-1.farm.example.com', port_min: 30_000, port_max: 30_100 },
    });
    const item = field('Last port').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('Proxies use ports outside this range: keep them inside it.')).toBeDefined();
  });

  it('is read-only without the change permission: no new token, save or delete', async () => {
    signIn(['farm.view_agenthost']);
    stubApi(() => ({ body: MSK }));
    await renderAt('/en/panel/farm/hosts/4');
    expect(screen.getByText('You can view this host but not change it.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(field('Name').disabled).toBe(true);
  });
});
