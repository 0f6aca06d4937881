/**
 * What the logs must never contain (security.md: structured logs with tokens, passwords and secrets redacted): the
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
  'api_key',
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

const SECRET_QUERY_PARAMS = new Set([
  'token',
  'key',
  'email_key',
  'email_change',
  'uid',
  'unsubscribe',
  'password',
  'secret',
]);

/**
 * Paths whose last segment is a credential: the change-IP link `/r/{token}` rotates the modem for whoever holds it.
 * A short prefix stays, enough to tell two links apart in the log and far too little to guess the rest.
 */
const SECRET_PATH = /^(\/r\/)([^/?#]{0,4})[^/?#]*/;

/** Whether a URL's query carries a secret-bearing parameter (an e-mail link's key, a reset token). */
export function hasSecretQuery(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  if (q === -1) return false;
  return [...new URLSearchParams(rawUrl.slice(q + 1)).keys()].some((name) =>
    SECRET_QUERY_PARAMS.has(name.toLowerCase()),
  );
}

/** A URL with path credentials and the values of secret-bearing query parameters replaced, for the access log. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, `$1$2${CENSOR}`);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAMS.has(name.toLowerCase())) {
      params.set(name, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}
