import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME, documentTitle } from './titles.ts';

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
