import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { AccountPage } from './pages/AccountPage.tsx';
import { loadUserPage, UserPage, validateUserPage } from './pages/UserPage.tsx';

/**
 * The customer's own area: the signed-in landing page (`/home`) and the user page (`/user`: the account, balance and
 * history; `/user/{id}`: staff's read-only view of a customer).
 */
const user: RemoteModule = {
  pages: {
    account: { Component: AccountPage },
    user: { Component: UserPage, validate: validateUserPage, loader: loadUserPage, fetchesAfterRender: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = user;
