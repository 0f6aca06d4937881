// Host liveness from the API's side (#42), end to end against the production build and the real farm agent: the agent
// is killed with SIGKILL (no last report, its modems last reported online) and, within AGENT_SILENT_SECONDS (5 s here),
// its modems leave the stock, an order there is refused with nothing charged, the customer's proxy page and the
// customer API say the proxy is offline since the agent was last heard, and staff get one alert for the host; started
// again, everything is back on its own.
import { describe, expect, it } from 'vitest';
import { billingService } from '../server/domains/billing/index.ts';
import { createUser } from '../server/test/accounts.ts';
import { buyProxy, farmSuite } from './farm-suite.ts';
import { apiCall, apiLogin, DESKTOP } from './support.ts';

const SILENT_SECONDS = 5;
const PASSWORD = 'Host-liveness-2026';
const CUSTOMER = 'liveness@example.com';

const farm = farmSuite({
  name: 'host-liveness',
  staff: { email: 'liveness-staff@example.com', password: 'Staff-liveness-2026' },
  seed: async (db) => {
    const user = await createUser(db, { email: CUSTOMER, password: PASSWORD, language: 'en' });
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: '' });
    await billing.post({ userId: user.id, kind: 'adjustment', amount: 1_000_000, currency: 'RUB', reason: 'e2e' });
  },
  env: { AGENT_SILENT_SECONDS: String(SILENT_SECONDS), RATE_LIMITS: 'off' },
});

async function eventually<T>(check: () => Promise<T | false | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${farm.agentLog}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

interface ProxyView {
  online: boolean;
  offline_since: string | null;
  country: string;
  city: string;
  operator: string;
}
interface Incident {
  kind: string;
  label: string;
  opened_at: string;
  resolved_at: string | null;
}

describe('a farm host whose agent is killed', () => {
  it('goes offline within the setting everywhere, alerts staff once, and comes back with its agent', async () => {
    let killedAt = '';
    const token = await apiLogin(farm.site, CUSTOMER, PASSWORD);
    const { proxyId } = await buyProxy(farm, token);
    const proxy = await apiCall<ProxyView>(farm.site, token, 'GET', `/api/proxies/${proxyId}/`);
    expect(proxy.online).toBe(true);
    const place = { country: proxy.country, city: proxy.city, operator: proxy.operator };
    const { secret } = await apiCall<{ secret: string }>(farm.site, token, 'POST', '/api/users/api-keys/', {
      name: 'script',
      scopes: ['proxies:read'],
    });
    // Staff are alerted the moment the host is silent (threshold 0 minutes), by the alerts job on its own timer.
    await apiCall(farm.site, farm.staffToken, 'PATCH', '/api/panel/alerts/settings/agent_silent/', {
      threshold: 0,
      subscribed: true,
    });
    const incidents = async () =>
      (
        await apiCall<{ results: Incident[] }>(farm.site, farm.staffToken, 'GET', '/api/panel/alerts/incidents/')
      ).results.filter((incident) => incident.opened_at >= killedAt);
    const available = async () =>
      (
        await apiCall<{ available: number }>(farm.site, token, 'POST', '/api/orders/quote/', {
          ...place,
          period_days: 30,
          quantity: 1,
        })
      ).available;
    const viaScript = async () =>
      (await (
        await fetch(`${farm.site.url}/api/v1/proxies/${proxyId}/`, { headers: { authorization: `Bearer ${secret}` } })
      ).json()) as ProxyView;
    const balance = async () => {
      const ledger = await apiCall<{ results: { amount: number }[]; count: number }>(
        farm.site,
        token,
        'GET',
        '/api/ledger/?page_size=100',
      );
      const user = await apiCall<{ balance: number }>(farm.site, token, 'GET', '/api/users/');
      return { balance: user.balance, ledger: ledger.results.reduce((sum, entry) => sum + entry.amount, 0) };
    };
    expect(await available()).toBeGreaterThan(0);

    await farm.killAgent();
    killedAt = new Date().toISOString();
    const killed = Date.now();
    await eventually(async () => (await available()) === 0, (SILENT_SECONDS + 3) * 1000, 'out of stock');
    expect(Date.now() - killed).toBeLessThanOrEqual((SILENT_SECONDS + 3) * 1000);
    const before = await balance();
    const refused = await fetch(`${farm.site.url}/api/orders/`, {
      method: 'POST',
      headers: {
        authorization: `Token ${token}`,
        'content-type': 'application/json',
        'accept-language': 'en',
        'idempotency-key': `liveness-${Date.now()}`,
      },
      body: JSON.stringify({ ...place, period_days: 30, quantity: 1 }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail: 'No modems of this operator are free here now.' });
    const after = await balance();
    expect(after).toEqual(before);
    expect(after.balance).toBe(after.ledger);

    const offline = await apiCall<ProxyView>(farm.site, token, 'GET', `/api/proxies/${proxyId}/`);
    expect(offline.online).toBe(false);
    expect(offline.offline_since).not.toBeNull();
    expect(Date.parse(offline.offline_since as string)).toBeLessThanOrEqual(killed);
    expect(await viaScript()).toMatchObject({ online: false, offline_since: offline.offline_since });
    const page = await farm.signedIn(token, DESKTOP);
    await page.goto(`${farm.site.url}/en/ip/${proxyId}`);
    await page.getByText(/^Modem offline since/).waitFor();

    // The alerts job runs every 30 s: one incident for the host, none for its modems or places.
    await eventually(async () => (await incidents()).length > 0, 45_000, 'the staff alert');
    await new Promise((done) => setTimeout(done, 1_000));
    expect((await incidents()).map(({ kind, label, resolved_at }) => ({ kind, label, resolved_at }))).toEqual([
      { kind: 'agent_silent', label: 'local', resolved_at: null },
    ]);

    farm.startAgent();
    await eventually(async () => (await available()) > 0, 30_000, 'back in stock');
    await eventually(
      async () => (await apiCall<ProxyView>(farm.site, token, 'GET', `/api/proxies/${proxyId}/`)).online,
      30_000,
      'the proxy online',
    );
    expect(await viaScript()).toMatchObject({ online: true, offline_since: null });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(/^Modem offline since/).count()).toBe(0);
    const [resolved] = await eventually(
      async () => {
        const now = await incidents();
        return now.every((incident) => incident.resolved_at !== null) && now;
      },
      45_000,
      'the alert resolved',
    );
    expect(resolved).toMatchObject({ kind: 'agent_silent', label: 'local' });
  });
});
