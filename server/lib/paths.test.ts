import { describe, expect, it } from 'vitest';
import { withDecodablePath } from './paths.ts';

describe('withDecodablePath', () => {
  it.each(['/', '/about', '/api/pages/about/?search=%D0%BF', '/en/page/faq#top', '/%D0%BF%D1%80%D0%B8'])(
    'leaves %s as it is',
    (url) => {
      expect(withDecodablePath(url)).toBe(url);
    },
  );

  it.each([
    ['/%', '/%25'],
    ['/api/pages/%zz/?q=%', '/api/pages/%25zz/?q=%'],
    // An escaped lone surrogate is no UTF-8: the whole path is read literally.
    ['/page/%ED%A0%80', '/page/%25ED%25A0%2580'],
  ])('reads the percent signs of %s literally', (url, expected) => {
    expect(withDecodablePath(url)).toBe(expected);
    expect(() => decodeURIComponent(expected.split('?')[0] as string)).not.toThrow();
  });
});
