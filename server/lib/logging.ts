/**
 * What the logs must never contain (docs/security.md: structured logs with tokens, passwords and secrets redacted): the
 * credentials headers, by path (pino's redaction, on these keys only), ...
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
] as const;

/**
 * ... and these fields of any object logged at the top level (`{ body: { password } }`), censored by
 * `censorSecretFields`. That is what pino's `*.password` paths did, for a fraction of the cost: the wildcard paths
 * were walked for every key of every line, about 7% of the API's CPU under load with one access-log line a request.
 */
export const SECRET_FIELDS = [
  'password',
  'password1',
  'password2',
  'new_password1',
  'new_password2',
  'old_password',
  'token',
  'key',
  'secret',
  'secretKey',
  'secret_key',
  'accessToken',
  'access_token',
  'api_key',
  'apikey',
] as const;

export const CENSOR = '[Redacted]';

/** The log object with every `SECRET_FIELDS` field of its top-level values censored; the caller's objects untouched. */
export function censorSecretFields(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const key in object) {
    const value = object[key];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    let copy: Record<string, unknown> | null = null;
    for (const field of SECRET_FIELDS) {
      if (Object.hasOwn(value, field)) {
        copy ??= { ...(value as Record<string, unknown>) };
        copy[field] = CENSOR;
      }
    }
    if (copy) {
      if (out === object) out = { ...object };
      out[key] = copy;
    }
  }
  return out;
}

/**
 * Query parameters whose value is a credential: e-mail links' keys and tokens, and the names scripts and HTTP
 * libraries put API keys and bearer tokens under when a header is not used (`?api_key=mpk_…`).
 */
const SECRET_QUERY_PARAMS = new Set([
  'token',
  'key',
  'email_key',
  'email_change',
  'uid',
  'unsubscribe',
  'password',
  'secret',
  'api_key',
  'apikey',
  'access_token',
]);

/** Whether a URL's query carries a secret-bearing parameter (an e-mail link's key, a reset token). */
export function hasSecretQuery(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  if (q === -1) return false;
  return [...new URLSearchParams(rawUrl.slice(q + 1)).keys()].some((name) =>
    SECRET_QUERY_PARAMS.has(name.toLowerCase()),
  );
}

/** `%XX` escapes decoded where they make valid UTF-8; a malformed one (`%zz`, a lone `%E0`) is left as it is. */
function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * A customer API key anywhere in a text (`mpk_<8 hex>_<40 hex>`, lib: accounts' api-keys-repository), its `_`
 * perhaps percent-encoded, mangled or cut short: everything after the prefix the account page shows goes.
 */
const API_KEY = /mpk(?:_|%5f)(?:[0-9a-z_-]|%[0-9a-f]{2})*/gi;

function redactApiKeys(text: string): string {
  return text.replace(API_KEY, (found) => {
    const decoded = percentDecode(found);
    const prefix = /^mpk_[0-9a-f]{0,8}/i.exec(decoded)?.[0] ?? 'mpk_';
    return decoded.length > prefix.length ? `${prefix}${CENSOR}` : found;
  });
}

/** A segment this redaction wrote (at most four characters of the original left), met again in a logged line. */
const isRedacted = (segment: string) => segment.endsWith(CENSOR) && segment.length <= 4 + CENSOR.length;

/** A path's segments and what separates them: `/`, and `%2F` too (a router may not split there, a proxy may). */
const SEPARATOR = /(\/|%2f)/i;

/**
 * A path with what follows a change-IP link's `r` segment hidden: `/r/{token}` rotates a modem for whoever holds it.
 * The segment is recognised as every router in front of the route may read it — percent-decoded (`/%72/`), in either
 * case, among empty and dot segments (`//r/`, `/./r/`, `/x/../r/`, which HAProxy's normalisation and the browser's
 * URL parser resolve) — and every later segment goes, so no `..` can make a later one the token. The token's first
 * four characters stay, enough to tell two links apart in the log and far too few to guess the rest.
 */
function redactLinkPath(path: string): string {
  const parts = path.split(SEPARATOR);
  let afterLink = false;
  let kept = false;
  for (let index = 0; index < parts.length; index += 2) {
    const decoded = percentDecode(parts[index] as string);
    if (!afterLink) {
      afterLink = decoded.toLowerCase() === 'r';
    } else if (decoded !== '' && decoded !== '.' && decoded !== '..' && !isRedacted(decoded)) {
      parts[index] = kept ? CENSOR : `${encodeURIComponent(decoded.slice(0, 4))}${CENSOR}`;
      kept = true;
    }
  }
  return kept ? parts.join('') : path;
}

/** A query with the values of secret-bearing parameters replaced, and any key or link in the others. */
function redactQuery(query: string): string {
  const params = new URLSearchParams(query);
  let changed = false;
  for (const [name, value] of [...params]) {
    if (value === CENSOR) continue;
    const redacted = SECRET_QUERY_PARAMS.has(name.toLowerCase()) ? CENSOR : redactText(value);
    if (redacted !== value) {
      changed = true;
      params.set(name, redacted);
    }
  }
  return changed ? params.toString() : query;
}

/** A URL (a request's target, or an absolute one) with its path's link tokens and its query's secrets replaced. */
export function redactUrl(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  const path = redactApiKeys(redactLinkPath(q === -1 ? rawUrl : rawUrl.slice(0, q)));
  return q === -1 ? path : `${path}?${redactQuery(rawUrl.slice(q + 1))}`;
}

/** Where a text may hold a secret: a key, an `r` segment in any spelling, a query. Most lines have none of them. */
const MAY_HOLD_SECRET = /mpk|\?|(?:\/|%2f)(?:r|%[57]2)(?=\/|%2f|[?#"'\\\s<>]|$)/i;
/** A path or URL inside a text: from a `/` (or `%2F`) up to what ends it in prose, a quoted string or JSON. */
const PATH_IN_TEXT = /(?:\/|%2f)[^\s"'<>\\`]*/gi;

/**
 * Any text (a message, an error's stack, a library's warning, a whole log line) with the URLs and keys in it
 * redacted. The app runs every line it logs through it as the line is written (pino's `streamWrite` hook), so
 * whatever a line holds — a URL in an error's message, a renderer's warning, a key a script put in a query — leaves
 * redacted; the access log's URL is redacted before that, as structured data (`redactUrl`).
 */
export function redactText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return redactApiKeys(text.replace(PATH_IN_TEXT, redactUrl));
}
