// The mobile menu lists the site's menu and then the footer's pages: a page staff placed in both is listed once.
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, hydrateAppStore } from '@proxy/contract/state';
import { renderRouter } from '../test/render.tsx';
import MobileMenu from './MobileMenu.tsx';

afterEach(cleanup);

describe('the mobile menu', () => {
  it.each([
    ['ru', '', 'Контакты', 'Соглашение'],
    ['en', '/en', 'Contacts', 'Terms'],
  ] as const)(
    'lists a page that is in the menu and the footer once (%s)',
    async (language, prefix, contacts, terms) => {
      hydrateAppStore(appStore, {
        user: null,
        token: '',
        language,
        menu: [
          { name: 'FAQ', link: '/faq' },
          { name: contacts, link: '/contacts' },
        ],
        footer: [
          { name: contacts, link: '/contacts' },
          { name: terms, link: '/terms' },
        ],
      });
      const router = createMemoryRouter([{ path: `${prefix}/`, Component: MobileMenu }], {
        initialEntries: [`${prefix}/#menu`],
      });
      await renderRouter(router, language);
      const menu = screen.getByRole('dialog');
      expect(within(menu).getAllByRole('link', { name: contacts })).toHaveLength(1);
      expect(within(menu).getAllByRole('link', { name: terms })).toHaveLength(1);
      expect(within(menu).getAllByRole('link', { name: 'FAQ' })).toHaveLength(1);
    },
  );
});
