// The two cookies the site keeps (the session's token and the chosen language) are written by the shell and read by
// the server from the request's Cookie header, so both sides must agree on every shape a browser sends.
import { describe, expect, it } from 'vitest';
import { languageCookie, readCookie, siteCookie, TOKEN_COOKIE } from './cookies.ts';

describe('readCookie', () => {
  it.each([
    ['accessToken=abc', 'abc'],
    ['theme=dark; accessToken=abc; i18n_redirected=en', 'abc'],
    ['  accessToken = abc  ', 'abc'],
    ['xaccessToken=1; accessToken=2', '2'],
    ['accessToken=first; accessToken=second', 'first'],
    ['accessToken="quoted"', 'quoted'],
    ['accessToken=a%20b%3Dc', 'a b=c'],
    ['accessToken=a=b', 'a=b'],
    ['accessToken=%E0%A4%A', '%E0%A4%A'],
    ['accessToken=', ''],
  ])('reads %j as %j', (header, value) => {
    expect(readCookie(header, TOKEN_COOKIE)).toBe(value);
  });

  it.each([[undefined], [null], [''], ['theme=dark'], ['accessToken'], ['access=1; Token=2']])(
    'finds no token in %j',
    (header) => {
      expect(readCookie(header, TOKEN_COOKIE)).toBeUndefined();
    },
  );
});

describe('siteCookie', () => {
  it('writes a lax site-wide cookie, secure only over HTTPS, its value encoded', () => {
    expect(siteCookie('accessToken', 'a b;c', 60)).toBe('accessToken=a%20b%3Bc; Max-Age=60; Path=/; SameSite=Lax');
    expect(siteCookie('accessToken', '', 0, true)).toBe('accessToken=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('keeps the language for 365 days, and what it writes reads back the same', () => {
    const cookie = languageCookie('en');
    expect(cookie).toBe(`i18n_redirected=en; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`);
    expect(readCookie(cookie.split(';')[0], 'i18n_redirected')).toBe('en');
    expect(readCookie(siteCookie('accessToken', 'a b;c', 60).split('; Max-Age')[0], 'accessToken')).toBe('a b;c');
  });
});
