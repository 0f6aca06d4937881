import { describe, expect, it } from 'vitest';
import { documentTitle, SITE_NAME } from './titles.ts';

describe('documentTitle', () => {
  it('titles a page by its SEO title, else its title, else the brand', () => {
    expect(documentTitle('ru', { title: 'О сервисе', seo_title: 'О сервисе мобильных прокси' })).toBe(
      'О сервисе мобильных прокси',
    );
    expect(documentTitle('en', { title: 'About', seo_title: '' })).toBe('About');
    expect(documentTitle('en', { title: '', seo_title: '' })).toBe(SITE_NAME.en);
  });

  it('titles every other screen by the brand', () => {
    expect(documentTitle('ru')).toBe('ProxyMob');
    expect(documentTitle('en')).toBe('ProxyMob');
  });
});
