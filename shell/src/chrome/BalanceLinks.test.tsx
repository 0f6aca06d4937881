// The header and the mobile menu show a signed-in customer's balance, in the page's language, linking to /user, with
// "Top up" opening the top-up dialog; it follows the session user (refreshed after a payment). Visitors see neither.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { appStore, hydrateAppStore, setUserAtom } from '@proxy/contract/state';
import { renderRouter } from '../test/render.tsx';
import { Header } from './Header.tsx';
import MobileMenu from './MobileMenu.tsx';

const customer: AuthUser = {
  pk: 5,
  email: 'buyer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-01T00:00:00Z',
  balance: 123_450,
  currency: 'RUB',
};

function Chrome() {
  return (
    <>
      <Header />
      <MobileMenu />
    </>
  );
}

async function renderChrome(user: AuthUser | null, language: 'ru' | 'en') {
  hydrateAppStore(appStore, { user, token: user ? 'token' : '', language });
  const prefix = language === 'en' ? '/en' : '';
  const router = createMemoryRouter([{ path: `${prefix}/`, Component: Chrome }], { initialEntries: [`${prefix}/`] });
  await renderRouter(router, language);
  return router;
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

afterEach(cleanup);

describe('the balance in the header and the mobile menu', () => {
  it('links to /user and opens the top-up dialog, and follows the session user', async () => {
    const router = await renderChrome(customer, 'ru');
    const header = screen.getByRole('banner');
    const balance = await within(header).findByRole('link', { name: /^Баланс/ });
    expect(plain(balance.textContent)).toBe('Баланс 1 234,50 ₽');
    expect(balance.getAttribute('href')).toBe('/user');
    const menu = screen.getByRole('dialog', { hidden: true });
    expect(
      within(menu)
        .getByRole('link', { name: /^Баланс/, hidden: true })
        .getAttribute('href'),
    ).toBe('/user');

    await act(async () => {
      fireEvent.click(within(header).getByRole('link', { name: 'Пополнить' }));
    });
    expect(router.state.location.hash).toBe('#topup');

    await act(async () => {
      appStore.set(setUserAtom, { ...customer, balance: 223_450 });
    });
    expect(plain(balance.textContent)).toBe('Баланс 2 234,50 ₽');
  });

  it('is written the English way under /en', async () => {
    await renderChrome({ ...customer, currency: 'USD' }, 'en');
    const balance = await within(screen.getByRole('banner')).findByRole('link', { name: /^Balance/ });
    expect(plain(balance.textContent)).toBe('Balance $1,234.50');
    expect(balance.getAttribute('href')).toBe('/en/user');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '#topup',
    );
  });

  it('is not there for a visitor', async () => {
    await renderChrome(null, 'ru');
    expect(screen.queryByRole('link', { name: /Баланс/, hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Пополнить', hidden: true })).toBeNull();
  });
});
