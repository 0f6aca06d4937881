import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { AccountPage } from './pages/AccountPage.tsx';

/** The customer's own area: the signed-in landing page (`/home`); the profile page comes next. */
const user: RemoteModule = {
  pages: {
    account: { Component: AccountPage },
  },
  translations: { ru, en },
};

export const { pages, translations } = user;
