// Every panel endpoint checks the permission string on the server (docs/security.md). The routes are listed as the app
// registers them, not typed out here, so an endpoint added later without a guard fails this test.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';

interface Route {
  readonly method: string;
  readonly url: string;
}

/** HEAD is Fastify's copy of a GET route, guard included; a CORS preflight (OPTIONS) carries no credentials. */
const ANSWERED_BY_FASTIFY = new Set(['HEAD', 'OPTIONS']);

/** The panel's endpoints known today: the list read from the app must hold at least these. */
const KNOWN: readonly Route[] = [
  { method: 'GET', url: '/api/panel/pages/' },
  { method: 'POST', url: '/api/panel/pages/' },
  { method: 'GET', url: '/api/panel/pages/:id/' },
  { method: 'PATCH', url: '/api/panel/pages/:id/' },
  { method: 'DELETE', url: '/api/panel/pages/:id/' },
  { method: 'GET', url: '/api/panel/pages/:id/blocks/' },
  { method: 'POST', url: '/api/panel/pages/:id/blocks/' },
  { method: 'POST', url: '/api/panel/pages/:id/blocks/order/' },
  { method: 'GET', url: '/api/panel/blocks/:id/' },
  { method: 'PATCH', url: '/api/panel/blocks/:id/' },
  { method: 'DELETE', url: '/api/panel/blocks/:id/' },
  { method: 'GET', url: '/api/panel/plans/' },
  { method: 'POST', url: '/api/panel/plans/' },
  { method: 'POST', url: '/api/panel/plans/order/' },
  { method: 'GET', url: '/api/panel/plans/:id/' },
  { method: 'PATCH', url: '/api/panel/plans/:id/' },
  { method: 'DELETE', url: '/api/panel/plans/:id/' },
  { method: 'GET', url: '/api/panel/menu/' },
  { method: 'POST', url: '/api/panel/menu/' },
  { method: 'POST', url: '/api/panel/menu/order/' },
  { method: 'PATCH', url: '/api/panel/menu/:id/' },
  { method: 'DELETE', url: '/api/panel/menu/:id/' },
  { method: 'GET', url: '/api/panel/payment-methods/' },
  { method: 'POST', url: '/api/panel/payment-methods/' },
  { method: 'POST', url: '/api/panel/payment-methods/order/' },
  { method: 'GET', url: '/api/panel/payment-methods/:id/' },
  { method: 'PATCH', url: '/api/panel/payment-methods/:id/' },
  { method: 'DELETE', url: '/api/panel/payment-methods/:id/' },
  { method: 'GET', url: '/api/panel/invoices/' },
  { method: 'GET', url: '/api/panel/invoices/:id/' },
  { method: 'POST', url: '/api/panel/invoices/:id/paid/' },
  { method: 'POST', url: '/api/panel/invoices/:id/cancel/' },
  { method: 'GET', url: '/api/panel/promo-codes/' },
  { method: 'POST', url: '/api/panel/promo-codes/' },
  { method: 'GET', url: '/api/panel/promo-codes/:id/' },
  { method: 'PATCH', url: '/api/panel/promo-codes/:id/' },
  { method: 'DELETE', url: '/api/panel/promo-codes/:id/' },
  { method: 'POST', url: '/api/panel/versions/files/' },
  { method: 'GET', url: '/api/panel/versions/' },
  { method: 'POST', url: '/api/panel/versions/' },
  { method: 'GET', url: '/api/panel/versions/:id/' },
  { method: 'PATCH', url: '/api/panel/versions/:id/' },
  { method: 'DELETE', url: '/api/panel/versions/:id/' },
];

/**
 * The route's address with every path parameter set to 1, a row the seed writes in each panel table: the guard
 * has to refuse a resource that exists, not just fall through to a 404.
 */
const address = (route: Route) => route.url.replace(/:\w+/g, '1');
const label = (route: Route) => `${route.method} ${route.url}`;

describe.each(BACKENDS)('panel route guards on $name', (backend) => {
  const routes: Route[] = [];
  const suite = seededApp(backend, {
    onRoute: (route) => {
      if (!route.url.startsWith('/api/panel/')) return;
      for (const method of [route.method].flat()) {
        if (!ANSWERED_BY_FASTIFY.has(method)) routes.push({ method, url: route.url });
      }
    },
  });
  const as: Record<'customer' | 'staff' | 'superuser', Record<string, string>> = {
    customer: {},
    staff: {},
    superuser: {},
  };

  beforeAll(async () => {
    const fixtures = { customer: {}, staff: { staff: true }, superuser: { staff: true, superuser: true } } as const;
    for (const [role, fixture] of Object.entries(fixtures)) {
      const email = freshEmail(role);
      const user = await createUser(suite.testDb.db, { email, ...fixture });
      as[role as keyof typeof as] = tokenHeader(await login(suite.app, email));
      // Row 1 of the tables the seed leaves empty: a customer's invoice (through seeded method 1), a promo code, a
      // release.
      if (role === 'customer') {
        await suite.testDb.db.query(
          `INSERT INTO invoices (user_id, method_id, provider, amount, currency, expires_at)
           VALUES ($1, 1, 'manual', 100, 'RUB', now() + interval '1 hour')`,
          [user.id],
        );
        await suite.testDb.db.query("INSERT INTO promo_codes (code, kind, value) VALUES ('GUARD', 'percent', 5)");
        await suite.testDb.db.query(
          `INSERT INTO versions (platform, channel, version_name, version_code, external_url, released_at)
           VALUES ('android', 'stable', '1.0', 1, 'https://example.com/app.apk', '2025-01-01')`,
        );
      }
    }
  });

  /** Each route's answer to `headers`, keyed by route, so a failure names every route that answered wrongly. */
  async function answers(headers: Record<string, string>) {
    // Not vacuous: the routes read from the app are all there before each is tried.
    expect(routes).toEqual(expect.arrayContaining([...KNOWN]));
    const result: Record<string, { status: number; body: unknown; 'www-authenticate'?: unknown }> = {};
    for (const route of routes) {
      const response = await suite.app.inject({
        method: route.method as 'GET',
        url: address(route),
        headers,
        // A body the handler would refuse: the guard must answer before the body is looked at.
        ...(route.method === 'POST' || route.method === 'PATCH' ? { payload: {} } : {}),
      });
      const challenge = response.headers['www-authenticate'];
      result[label(route)] = {
        status: response.statusCode,
        // An unguarded DELETE answers 204 with no body: the diff should show that, not a JSON error.
        body: response.body && response.json(),
        ...(challenge === undefined ? {} : { 'www-authenticate': challenge }),
      };
    }
    return result;
  }

  const everyRoute = (answer: { status: number; body: unknown; 'www-authenticate'?: string }) =>
    Object.fromEntries(routes.map((route) => [label(route), answer]));

  it('lists every panel endpoint the app serves', () => {
    expect(routes).toEqual(expect.arrayContaining([...KNOWN]));
  });

  it('tries real resources: the superuser reads each address', async () => {
    const reads = routes.filter((route) => route.method === 'GET');
    expect(reads.filter((route) => route.url.includes(':')).length).toBeGreaterThan(0);
    const statuses: Record<string, number> = {};
    for (const route of reads) {
      statuses[label(route)] = (await suite.app.inject({ url: address(route), headers: as.superuser })).statusCode;
    }
    expect(statuses).toEqual(Object.fromEntries(reads.map((route) => [label(route), 200])));
  });

  it('answers anonymous callers 401 with DRF body and WWW-Authenticate on every endpoint', async () => {
    expect(await answers({})).toEqual(
      everyRoute({
        status: 401,
        body: { detail: 'Учетные данные не были предоставлены.' },
        'www-authenticate': 'Token',
      }),
    );
  });

  it.each([
    ['a customer', 'customer'],
    ['a staff member without permissions', 'staff'],
  ] as const)('refuses %s with 403 on every endpoint', async (_name, role) => {
    expect(await answers({ ...as[role], ...EN })).toEqual(
      everyRoute({ status: 403, body: { detail: 'You do not have permission to perform this action.' } }),
    );
  });
});
