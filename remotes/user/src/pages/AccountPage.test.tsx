// The signed-in landing page: who is signed in, the balance with "Top up", the sections a customer goes to next, and
// the control panel for staff. A section whose route no remote implements yet is described but not linked (a 404).
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '@proxy/contract/schemas/user';
import { createAppStore, StateProvider } from '@proxy/contract/state';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { AccountPage } from './AccountPage.tsx';

const customer: AuthUser = {
  pk: 5,
  email: 'customer@example.com',
  premission: [],
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-11-22T00:00:00Z',
  balance: 123_450,
  currency: 'RUB',
};

async function renderAccount(user: AuthUser | null, language: 'ru' | 'en'): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: { ru: { user: ru }, en: { user: en } } });
  await act(async () => {
    render(
      <StateProvider store={createAppStore({ user, language })}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <AccountPage />
          </MemoryRouter>
        </I18nextProvider>
      </StateProvider>,
    );
  });
}

afterEach(cleanup);

describe('AccountPage', () => {
  it('greets the customer and marks the sections not open yet instead of linking to a 404', async () => {
    await renderAccount(customer, 'ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.account.title);
    expect(screen.getByText('Вы вошли как customer@example.com')).toBeTruthy();
    for (const section of [ru.account.order, ru.account.ips]) {
      expect(screen.getByText(section.title).closest('a')).toBeNull();
    }
    expect(screen.getByText(ru.account.profile.title).closest('a')?.getAttribute('href')).toBe('/user');
    expect(screen.getAllByText(ru.account.soon)).toHaveLength(2);
    expect(screen.queryByText(ru.account.panel.title)).toBeNull();
  });

  it('shows the balance in the language, with "Top up" opening the dialog and the history on /user', async () => {
    await renderAccount(customer, 'ru');
    const card = screen.getByRole('region', { name: ru.balance.title });
    expect(card.textContent).toContain('1\u00a0234,50\u00a0₽');
    expect(screen.getByRole('link', { name: ru.balance.topUp }).getAttribute('href')).toBe('/#topup');
    expect(screen.getByRole('link', { name: ru.balance.history }).getAttribute('href')).toBe('/user');
    cleanup();
    await renderAccount({ ...customer, currency: 'USD' }, 'en');
    expect(screen.getByRole('region', { name: en.balance.title }).textContent).toContain('$1,234.50');
    expect(screen.getByRole('link', { name: en.balance.history }).getAttribute('href')).toBe('/en/user');
  });

  it('links staff to the control panel in their language', async () => {
    await renderAccount({ ...customer, premission: ['pages.view_page'] }, 'en');
    expect(screen.getByRole('link', { name: new RegExp(en.account.panel.title) }).getAttribute('href')).toBe(
      '/en/panel/login',
    );
    expect(screen.getAllByText(en.account.soon)).toHaveLength(2);
  });

  it('renders nothing without a signed-in user (the route guard sends visitors to sign in)', async () => {
    await renderAccount(null, 'en');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
