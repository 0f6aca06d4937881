import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { AccountPage } from './pages/AccountPage.tsx';
import { UserPage, validateUserPage } from './pages/UserPage.tsx';

/** The customer's own area: the signed-in landing page (`/home`) and the user page (`/user`: balance and history). */
const user: RemoteModule = {
  pages: {
    account: { Component: AccountPage },
    user: { Component: UserPage, validate: validateUserPage, fetchesAfterRender: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = user;
