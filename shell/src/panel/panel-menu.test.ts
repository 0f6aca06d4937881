import { describe, expect, it } from 'vitest';
import { panelSections } from './panel-menu.ts';

const staff = (premission: string[], is_superuser = false) => ({ premission, is_superuser });

describe('the panel menu', () => {
  it('shows a superuser every section, in the order of spec §2', () => {
    expect(panelSections(staff([], true), 'ru').map((section) => section.to)).toEqual([
      '/panel/users',
      '/panel/version',
      '/panel/page',
      '/panel/payment',
      '/panel/farm',
    ]);
  });

  it('shows a staff member only the sections their permissions allow', () => {
    expect(panelSections(staff(['pages.view_page', 'pages.change_page']), 'en')).toEqual([
      { id: 'pages', to: '/en/panel/page' },
    ]);
    expect(panelSections(staff(['pages.add_page']), 'ru')).toEqual([]);
  });

  it('shows a customer or a visitor nothing', () => {
    expect(panelSections(staff([]), 'ru')).toEqual([]);
    expect(panelSections(null, 'ru')).toEqual([]);
  });
});
