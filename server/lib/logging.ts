/** What the logs must never contain (security.md: structured logs with tokens, passwords and secrets redacted). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.password1',
  '*.password2',
  '*.new_password1',
  '*.new_password2',
  '*.old_password',
  '*.token',
  '*.key',
  '*.secret',
  '*.secretKey',
  '*.secret_key',
  '*.accessToken',
  '*.api_key',
] as const;

const SECRET_QUERY_PARAMS = new Set(['token', 'key', 'email_key', 'uid', 'unsubscribe', 'password', 'secret']);

/** A URL with the values of secret-bearing query parameters replaced, for the access log. */
export function redactUrl(url: string): string {
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
