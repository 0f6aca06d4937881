import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@proxy/contract/money';
import { ALL_PERMISSIONS } from '@proxy/contract/permission-groups';
import { appStore, messageAtom } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { account, audit, page } from '../test/fixtures.ts';
import { renderUser, signInSuperuser } from '../test/render-user.tsx';
import { screenTests, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';

const STAFF = ['users.view_user', 'users.change_user', 'users.change_balance', 'versions.view_version'];
const CUSTOMER = account(7, { email: 'buyer@example.com', permissions: ['pages.view_page'] });

const switchOf = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;
const checkboxOf = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** Amounts as the screen writes them in English (Intl puts a no-break space after "RUB"). */
const rub = (minor: number) => formatPrice(minor, 'RUB', 'en');
const patches = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH');

/** The API: a PATCH answers the account with the changes applied; lists answer empty pages. */
function answer(call: Call) {
  const url = new URL(call.url, 'http://x');
  if (call.method === 'PATCH') return { body: { ...CUSTOMER, ...(call.body as object) } };
  if (url.pathname.endsWith('/block/')) return { body: { ...CUSTOMER, is_active: false } };
  return { body: page([]) };
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

screenTests();

describe("an account's screen", () => {
  it('shows the e-mail, the tags and a link to the customer’s page', async () => {
    signIn(['users.view_user']);
    stubApi(answer);
    await renderUser(account(7, { email: 'buyer@example.com', is_staff: true }));
    expect(await screen.findByRole('heading', { level: 1, name: /buyer@example.com/ })).toBeDefined();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByText('Active')).toBeDefined();
    expect(within(heading).getByText('Staff')).toBeDefined();
    expect(screen.getByRole('link', { name: "Customer's page" }).getAttribute('href')).toBe('/en/user/7');
  });

  it('is read-only without users.change_user: every control disabled, no save, adjust or block', async () => {
    signIn(['users.view_user', 'users.change_balance']);
    stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByText('You can view this account but not change it.');
    for (const name of ['Active', 'E-mail verified', 'Staff', 'Superuser', 'Subscribed to the mailing']) {
      expect(switchOf(name).disabled).toBe(true);
    }
    expect(checkboxOf('View users').disabled).toBe(true);
    expect(checkboxOf('All of “Pages”').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    // Adjusting a balance is a permission of its own.
    expect(screen.getByRole('button', { name: 'Adjust balance' })).toBeDefined();
  });

  it('disables for a non-superuser the staff and superuser switches and the permissions they lack', async () => {
    signIn(STAFF);
    stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    expect(switchOf('Staff').disabled).toBe(true);
    expect(switchOf('Superuser').disabled).toBe(true);
    expect(screen.getAllByText('Only a superuser can grant this.')).toHaveLength(2);
    expect(switchOf('Subscribed to the mailing').disabled).toBe(false);
    // Held by the staff member: grantable.
    expect(checkboxOf('Change users').disabled).toBe(false);
    expect(checkboxOf('View releases').disabled).toBe(false);
    // Lacked: not grantable…
    expect(checkboxOf('Delete releases').disabled).toBe(true);
    expect(checkboxOf('View modems').disabled).toBe(true);
    expect(checkboxOf('All of “Farm”').disabled).toBe(true);
    // …unless the account already holds it (taking it away is allowed).
    expect(checkboxOf('View pages').disabled).toBe(false);
    expect(checkboxOf('View pages').checked).toBe(true);
    // The Django-style strings are shown beside the names.
    expect(screen.getByText('versions.delete_version')).toBeDefined();
  });

  it('keeps a superuser from taking away their own superuser status or blocking themselves', async () => {
    signInSuperuser();
    stubApi(answer);
    await renderUser(account(1, { is_staff: true, is_superuser: true }));
    await screen.findByRole('button', { name: 'Save' });
    expect(switchOf('Superuser').disabled).toBe(true);
    expect(screen.getByText('You cannot take away your own superuser status.')).toBeDefined();
    expect(switchOf('Active').disabled).toBe(true);
    expect(switchOf('Staff').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
  });

  it('sends only the changed fields and shows what the server saved', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(switchOf('Subscribed to the mailing'));
    fireEvent.click(checkboxOf('View releases'));
    await save();
    expect(patches(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/panel/users/7/',
        body: { subscribed: false, permissions: ['versions.view_version', 'pages.view_page'] },
      },
    ]);
    expect(switchOf('Subscribed to the mailing').getAttribute('aria-checked')).toBe('false');
    expect(checkboxOf('View releases').checked).toBe(true);
  });

  it('sends nothing when nothing changed', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(checkboxOf('View releases'));
    fireEvent.click(checkboxOf('View releases'));
    await save();
    expect(patches(calls)).toEqual([]);
  });

  it("shows a refusal's detail (403) as an alert", async () => {
    signIn(STAFF);
    stubApi((call) =>
      call.method === 'PATCH'
        ? { status: 403, body: { detail: 'Only a superuser may grant that.' } }
        : { body: page([]) },
    );
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(checkboxOf('View releases'));
    await save();
    expect(screen.getByRole('alert').textContent).toContain('Not saved: Only a superuser may grant that.');
    // The form keeps what was typed.
    expect(checkboxOf('View releases').checked).toBe(true);
  });

  it("puts the server's 400 on its field", async () => {
    signIn(STAFF);
    stubApi((call) =>
      call.method === 'PATCH' ? { status: 400, body: { language: ['Not a language.'] } } : { body: page([]) },
    );
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(switchOf('E-mail verified'));
    await save();
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Not a language.').length).toBeGreaterThan(0);
  });

  it("toggles a section's permissions with its group checkbox", async () => {
    signInSuperuser();
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Save' });
    const farm = ALL_PERMISSIONS.filter((permission) => permission.startsWith('farm.'));
    fireEvent.click(checkboxOf('All of “Farm”'));
    expect(checkboxOf('View modems').checked).toBe(true);
    expect(checkboxOf('Delete farm hosts').checked).toBe(true);
    expect(checkboxOf('All of “Farm”').checked).toBe(true);
    // One of a section: the group shows it as partly on.
    fireEvent.click(checkboxOf('Add users'));
    expect(checkboxOf('All of “Users”').checked).toBe(false);
    expect(checkboxOf('All of “Users”').closest('.ant-checkbox')?.className).toContain('indeterminate');
    await save();
    expect(patches(calls)[0]?.body).toEqual({ permissions: ['users.add_user', 'pages.view_page', ...farm] });
    // And off again.
    fireEvent.click(checkboxOf('All of “Farm”'));
    expect(checkboxOf('View modems').checked).toBe(false);
  });
});

describe('the balance', () => {
  async function adjust(amount: string, reason: string) {
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: amount } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: reason } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Adjust balance' }));
    });
  }

  it('checks the amount and the reason before asking, and sends nothing invalid', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    });
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await adjust('0', 'Goodwill');
    expect(screen.getByText('Enter an amount other than zero.')).toBeDefined();
    // (antd lets a message fade out: whether a field is in error is its aria-invalid.)
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBeNull();
    await adjust('10', '   ');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('confirms, posts the signed amount in minor units and shows the new balance', async () => {
    signIn(STAFF);
    const calls = stubApi((call) =>
      call.method === 'POST' ? { body: { ...CUSTOMER, balance: 140_000 } } : { body: page([]) },
    );
    await renderUser(CUSTOMER);
    expect((await screen.findByRole('status', { name: 'Current balance' })).textContent).toBe(rub(150_000));
    await adjust('-100', 'Refund reversed');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      `Take ${rub(10_000)} from the balance of buyer@example.com. The balance becomes ${rub(140_000)}.`,
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/panel/users/7/balance/', body: { amount: -10_000, reason: 'Refund reversed' } },
    ]);
    expect(screen.getByRole('status', { name: 'Current balance' }).textContent).toBe(rub(140_000));
  });

  it('refuses a debit the balance does not cover on the amount, before asking and without sending (#28)', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Adjust balance' });
    await adjust('-10000', 'Chargeback');
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `A debit cannot exceed the balance: ${rub(150_000)}.`,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // The whole balance may go: down to zero, not below.
    await adjust('-1500', 'Chargeback');
    expect(screen.getByRole('dialog').textContent).toContain(`The balance becomes ${rub(0)}.`);
  });

  it("shows the server's 400 on the amount", async () => {
    signIn(STAFF);
    stubApi((call) =>
      call.method === 'POST'
        ? { status: 400, body: { amount: ['The balance cannot go below zero.'] } }
        : { body: page([]) },
    );
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Adjust balance' });
    // Covered by the balance as the page loaded it, but not by the one the server has now.
    await adjust('-100', 'Chargeback');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Adjust' }));
    });
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The balance cannot go below zero.',
    );
    expect(screen.getByRole('status', { name: 'Current balance' }).textContent).toBe(rub(150_000));
  });

  it('sends a retry of the same adjustment with the same Idempotency-Key, and empties the form once done', async () => {
    signIn(STAFF);
    let fail = true;
    const calls = stubApi((call) => {
      if (call.method !== 'POST') return { body: page([]) };
      return fail ? { status: 502, body: null } : { body: { ...CUSTOMER, balance: 160_000 } };
    });
    // The harness records method, URL and body; the key travels in a header.
    const answerOf = globalThis.fetch;
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (init.method === 'POST') keys.push(new Headers(init.headers).get('Idempotency-Key'));
      return answerOf(input, init);
    });
    await renderUser(CUSTOMER);
    await screen.findByRole('button', { name: 'Adjust balance' });
    const confirm = async () => {
      await act(async () => {
        fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Adjust' }));
      });
    };
    await adjust('100', 'Goodwill');
    await confirm();
    expect(appStore.get(messageAtom)).toMatchObject({ color: 'error' });
    // The answer was lost: the same adjustment again is the same request; another amount is a new one.
    await adjust('100', 'Goodwill');
    await confirm();
    await adjust('150', 'Goodwill');
    await confirm();
    fail = false;
    await adjust('100', 'Goodwill');
    await confirm();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { amount: 10_000, reason: 'Goodwill' },
      { amount: 10_000, reason: 'Goodwill' },
      { amount: 15_000, reason: 'Goodwill' },
      { amount: 10_000, reason: 'Goodwill' },
    ]);
    const [first, retry, other, last] = keys;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
    expect(last).not.toBe(other);
    expect(appStore.get(messageAtom)).toMatchObject({ text: `Balance adjusted: ${rub(160_000)}`, color: 'success' });
    expect(screen.getByRole('status', { name: 'Current balance' }).textContent).toBe(rub(160_000));
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
  });
});

describe('block', () => {
  it('explains the effect, blocks after the confirmation and shows the blocked state', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER);
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('signed out everywhere');
    expect(dialog.textContent).toContain('every proxy it holds stops working');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/panel/users/7/block/',
    ]);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByText('Blocked')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeDefined();
    expect(switchOf('Active').getAttribute('aria-checked')).toBe('false');
  });
});

describe("resetting the account's second factors (issue #48)", () => {
  it('explains the effect, resets after the confirmation and shows what the server said', async () => {
    signIn(STAFF);
    const calls = stubApi((call) =>
      call.url.endsWith('/two-factor/reset/')
        ? { body: { detail: 'Two-factor authentication of the account was reset; its devices were signed out.' } }
        : answer(call),
    );
    await renderUser(CUSTOMER);
    fireEvent.click(await screen.findByRole('button', { name: en.twoFactorReset.button }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Reset two-factor authentication of buyer@example.com?');
    expect(dialog.textContent).toContain('every passkey');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: en.twoFactorReset.confirm }));
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/panel/users/7/two-factor/reset/',
    ]);
    expect(appStore.get(messageAtom)?.text).toBe(
      'Two-factor authentication of the account was reset; its devices were signed out.',
    );
  });

  it('is not offered without users.change_user', async () => {
    signIn(['users.view_user']);
    stubApi(answer);
    await renderUser(CUSTOMER);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en.twoFactorReset.button })).toBeNull();
  });
});

describe('the tabs', () => {
  it('shows the history: who, what changed (before → after, granted, a balance with its reason) and when', async () => {
    signIn(STAFF);
    stubApi((call) =>
      call.url.startsWith('/api/panel/users/7/audit/')
        ? {
            body: page([
              audit(3, {
                action: 'balance',
                changes: { amount: 5000, reason: 'Goodwill', balance: [145_000, 150_000], ledger_entry: 9 },
              }),
              audit(2, {
                changes: { is_staff: [false, true], permissions: [['pages.view_page'], ['users.view_user']] },
              }),
              audit(1, { action: 'block', actor: null, changes: { is_active: [true, false], proxies_suspended: 2 } }),
            ]),
          }
        : { body: page([]) },
    );
    await renderUser(CUSTOMER, '?tab=history');
    await screen.findByText('Balance adjusted');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('staff@example.com');
    expect(rows[0]?.textContent).toContain(`+${rub(5000)}: Goodwill`);
    expect(rows[0]?.textContent).toContain(`Balance: ${rub(145_000)} → ${rub(150_000)}`);
    expect(rows[1]?.textContent).toContain('Staff: No → Yes');
    expect(rows[1]?.textContent).toContain('Permissions: granted View users; revoked View pages');
    expect(rows[2]?.textContent).toContain('The customer');
    expect(rows[2]?.textContent).toContain('Blocked');
    expect(rows[2]?.textContent).toContain('Active: Yes → No');
    expect(rows[2]?.textContent).toContain('Proxies stopped: 2');
    // The day before the month and a 24-hour clock, as the dashboard writes English dates (#49).
    expect(rows[2]?.textContent).toContain(
      new Date('2026-03-02T10:00:00Z').toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }),
    );
    expect(rows[2]?.textContent).toMatch(/02\/03\/2026, \d{2}:00/);
  });

  it('pages the history in the URL beside the tab, and says so when it could not be loaded', async () => {
    signIn(STAFF);
    const calls = stubApi((call) =>
      call.url.startsWith('/api/panel/users/7/audit/')
        ? { body: page([audit(21, { changes: { subscribed: [true, false] } })], 21) }
        : { body: page([]) },
    );
    const router = await renderUser(CUSTOMER, '?tab=history&page=2');
    await screen.findByText('Subscribed: Yes → No');
    expect(calls.map((call) => call.url)).toContain('/api/panel/users/7/audit/?page=2');
    expect(screen.getByText('Total: 21')).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByTitle('1'));
    });
    expect(router.state.location.search).toBe('?tab=history');
    expect(calls.at(-1)?.url).toBe('/api/panel/users/7/audit/');
    cleanup();
    stubApi((call) => (call.url.startsWith('/api/panel/users/7/audit/') ? { status: 500 } : { body: page([]) }));
    await renderUser(CUSTOMER, '?tab=history');
    expect(
      await screen.findByText('Something went wrong. Please try again.', { selector: '.ant-table *' }),
    ).toBeDefined();
    expect(screen.queryByText('No changes recorded')).toBeNull();
  });

  it('lists the ledger with its filters in the URL, and offers invoices only with payments.view_invoice', async () => {
    signIn(STAFF);
    const calls = stubApi(answer);
    await renderUser(CUSTOMER, '?tab=ledger&kind=adjustment');
    await screen.findByText('No entries');
    expect(calls.some((call) => call.url === '/api/panel/users/7/ledger/?page=1&page_size=20&kind=adjustment')).toBe(
      true,
    );
    expect(screen.queryByRole('tab', { name: 'Invoices' })).toBeNull();
    cleanup();
    signIn([...STAFF, 'payments.view_invoice']);
    const more = stubApi(answer);
    await renderUser(CUSTOMER, '?tab=invoices');
    await screen.findByText('No invoices');
    expect(screen.getByRole('tab', { name: 'Invoices' })).toBeDefined();
    const invoices = more.find((call) => call.url.startsWith('/api/panel/invoices/?'));
    expect(new URL(invoices?.url ?? '', 'http://x').searchParams.get('user')).toBe('7');
  });
});

describe('the translations', () => {
  it('name every permission the contract knows, in both languages', () => {
    const names = (file: typeof en) => file.permissions.names as Record<string, Record<string, string>>;
    for (const permission of ALL_PERMISSIONS) {
      const [app = '', codename = ''] = permission.split('.');
      expect(names(en)[app]?.[codename], permission).toBeTruthy();
      expect(names(ru)[app]?.[codename], permission).toBeTruthy();
    }
  });
});
