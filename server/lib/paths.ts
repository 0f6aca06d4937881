/** The path part of a request URL (no query string), still percent-encoded. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * A request target in absolute form (RFC 9112 §3.2.2, `http://host/path?query`, what a proxy is sent) as the origin
 * form every other part of the server reads (`/path?query`); an origin-form target is returned as it is.
 */
export function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The URL with its path's percent signs taken literally (`%` → `%25`) when the path does not decode (`/%`, `%ED%A0%80`,
 * an escaped lone surrogate). Such a path names nothing: read literally it goes through the routes like any other
 * and gets the app's own 404 (JSON in the request's language on the API, the 404 document elsewhere) instead of the
 * router's bare error.
 */
export function withDecodablePath(url: string): string {
  const path = pathOf(url);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return `${path.replaceAll('%', '%25')}${url.slice(path.length)}`;
  }
}

/** `/api` and everything under it is the JSON API: its errors are JSON, everything else's are plain text. */
export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

/** `/api/v1/`: the customer API (issue #30), authenticated by API keys alone, its errors in its own shape. */
export function isCustomerApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api/v1' || path.startsWith('/api/v1/');
}

/** Adds values to a `Vary` header without repeating one that is already there. */
export function mergeVary(existing: unknown, ...values: string[]): string {
  const current =
    typeof existing === 'string'
      ? existing
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : ([] as string[]);
  for (const value of values) {
    if (!current.some((v) => v.toLowerCase() === value.toLowerCase())) current.push(value);
  }
  return current.join(', ');
}
