import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { ROUTES } from './routes.ts';
import { DEFAULT_SITE_NAME, documentTitle, NOT_FOUND_TITLE, ROUTE_TITLES, routeTitle, screenTitle } from './titles.ts';

describe('documentTitle', () => {
  it('titles a page by its SEO title, else its title, else the site name', () => {
    expect(documentTitle('Acme', { title: 'О сервисе', seo_title: 'О сервисе мобильных прокси' })).toBe(
      'О сервисе мобильных прокси',
    );
    expect(documentTitle('Acme', { title: 'About', seo_title: '' })).toBe('About');
    expect(documentTitle('Acme', { title: '', seo_title: '' })).toBe('Acme');
  });

  it('titles every other screen by the site name, ProxyMob unless configured', () => {
    expect(documentTitle(DEFAULT_SITE_NAME)).toBe('ProxyMob');
    expect(documentTitle('Acme Proxies')).toBe('Acme Proxies');
  });
});

describe('routeTitle', () => {
  it("titles a screen by its name in the page's language before the site's name", () => {
    expect(routeTitle('ProxyMob', 'ipList', 'ru')).toBe('Мои IP — ProxyMob');
    expect(routeTitle('Acme', 'ipList', 'en')).toBe('My IPs — Acme');
    expect(routeTitle('ProxyMob', 'panelUsers', 'en')).toBe('Users · Panel — ProxyMob');
  });

  it("leaves screens titled by their own content, and unknown addresses, to the site's name", () => {
    expect(routeTitle('ProxyMob', 'home', 'ru')).toBe('ProxyMob');
    expect(routeTitle('ProxyMob', undefined, 'en')).toBe('ProxyMob');
    expect(screenTitle('ProxyMob', NOT_FOUND_TITLE.ru)).toBe('Страница не найдена — ProxyMob');
  });

  it('names every customer and panel route in both languages', () => {
    for (const route of ROUTES) {
      if (route.id === 'home' || route.id === 'page') continue;
      for (const language of LANGUAGES) expect(ROUTE_TITLES[route.id]?.[language], route.id).toBeTruthy();
    }
  });
});
