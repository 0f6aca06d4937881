import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { loadUserEdit, validateUserId } from './users/user-resource.ts';
import { UserEdit } from './users/UserEdit.tsx';
import { UsersSection } from './users/UsersSection.tsx';

/**
 * The panel's Users section: customers' accounts, their flags, permissions, balance and history, and every customer's
 * orders and proxies.
 */
const panelUsers: RemoteModule = {
  pages: {
    panelUsers: { Component: UsersSection, fetchesAfterRender: true },
    panelUserEdit: { Component: UserEdit, loader: loadUserEdit, validate: validateUserId, fetchesAfterRender: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = panelUsers;
