import { parseCookie, stringifySetCookie } from 'cookie';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from './languages.ts';

/** The cookie the signed-in visitor's token is kept in (spec §9), read by the server when it sends the document. */
export const TOKEN_COOKIE = 'accessToken';

export function readCookie(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[name];
}

/** `i18n_redirected=<language>` for 365 days (spec §4, §9), as a Set-Cookie / document.cookie string. */
export function languageCookie(language: Language): string {
  return stringifySetCookie({
    name: LANGUAGE_COOKIE,
    value: language,
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
  });
}
