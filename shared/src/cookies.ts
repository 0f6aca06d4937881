import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from './languages.ts';

/** The cookie the signed-in visitor's token is kept in (spec §9), read by the server when it sends the document. */
export const TOKEN_COOKIE = 'accessToken';

/**
 * One cookie's value from a `Cookie` header (RFC 6265): the first pair of that name, unquoted and percent-decoded (a
 * value that does not decode is kept as sent). Written here rather than taken from a library because the shell's
 * first paint carries it, and these two functions are all the site needs.
 */
export function readCookie(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const raw = pair.slice(equals + 1).trim();
    const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * A site-wide cookie as a `Set-Cookie` / `document.cookie` string: lax (sent on top-level navigations to the site,
 * never on cross-site requests), for `maxAge` seconds (0 removes it), and secure when the site is served over HTTPS.
 */
export function siteCookie(name: string, value: string, maxAge: number, secure = false): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `i18n_redirected=<language>` for 365 days (spec §4, §9), as a Set-Cookie / document.cookie string. */
export function languageCookie(language: Language): string {
  return siteCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_SECONDS);
}
