/**
 * Headers every response carries. The CSP fits a same-origin SPA: scripts only from our origin (the shell, remote
 * entries and chunks all come from here; the state JSON is `type="application/json"`, never executed), inline
 * styles allowed because antd's css-in-js injects <style> tags at run time.
 * The analytics and chat hosts are added to the directives they need only when configured (off by default).
 */
import fp from 'fastify-plugin';

const originsOf = (urls: readonly string[]) => [...new Set(urls.map((url) => ` ${new URL(url).origin}`))].join('');

/**
 * The policy, with the origins of the configured third-party scripts (analytics, chat) let in where they need, and
 * the API's origin in `connect-src` when the browser calls the API elsewhere (API_URL).
 */
export function contentSecurityPolicy(thirdPartyUrls: readonly string[] = [], apiUrl = ''): string {
  const extra = originsOf(thirdPartyUrls);
  const api = apiUrl ? originsOf([apiUrl]) : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}${api}`,
    `frame-src${extra || " 'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export interface SecurityHeadersOptions {
  /** Send HSTS: only when the site is served over https (PUBLIC_URL), else browsers would pin a broken scheme. */
  readonly hsts: boolean;
  /** Script URLs of the configured analytics and chat, whose origins the policy allows. */
  readonly thirdPartyUrls?: readonly string[];
  /** API_URL: where the page sends API calls, when that is another origin. */
  readonly apiUrl?: string;
}

export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const headers: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      // Keeps tokens of e-mail links (?uid=&token=) out of the Referer sent to other sites.
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': contentSecurityPolicy(options.thirdPartyUrls, options.apiUrl),
      // Older browsers ignore frame-ancestors: clickjacking protection for them too.
      'x-frame-options': 'DENY',
      ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    // A callback hook, not an async one: every response passes here, and a promise per response is not free.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(headers);
      done(null, payload);
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
