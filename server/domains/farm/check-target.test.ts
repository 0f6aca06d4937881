// The health checks' target staff set (#29), on both databases: the farm's permissions (view reads, change saves, with
// who and when), an http(s) URL or nothing (the site's own `/api/ip/`), every agent's configuration carrying it from
// the save on (its version moved, so a long poll answers at once), and the proxy page's check command naming it.
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { AgentConfigSchema } from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, hostVersion } from '../../test/orders.ts';
import { farmService } from './farm-service.ts';

const URL_PATH = '/api/panel/farm/settings/check/';
const DAY = 86_400_000;

describe.each(BACKENDS)('the health check target on $name', (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;

  async function staff(permissions: readonly string[], language: Record<string, string> = EN) {
    const user = await createUser(db(), { email: freshEmail('staff'), staff: true, permissions });
    return { ...language, ...tokenHeader(await login(suite.app, user.email)) };
  }
  const put = (headers: Record<string, string>, checkUrl: string | null) =>
    suite.app.inject({ method: 'PUT', url: URL_PATH, headers, payload: { check_url: checkUrl } });

  it('reads for viewers, saves for changers, refuses customers', async () => {
    const viewer = await staff([MODEM_PERMISSIONS.view]);
    const read = await suite.app.inject({ method: 'GET', url: URL_PATH, headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      check_url: null,
      default_url: 'http://testserver/api/ip/',
      changed_by: null,
      changed_at: null,
    });
    expect((await put(viewer, 'https://ifconfig.example/ip')).statusCode).toBe(403);
    const customer = await createCustomer(suite.app, db());
    expect((await suite.app.inject({ method: 'GET', url: URL_PATH, headers: customer.headers })).statusCode).toBe(403);
  });

  it('refuses what is not an http(s) URL, in both languages', async () => {
    for (const [language, text] of [
      [EN, 'Enter an http(s) address.'],
      [RU, 'Введите адрес http(s).'],
    ] as const) {
      const headers = await staff(Object.values(MODEM_PERMISSIONS), language);
      for (const bad of ['ftp://example.com/ip', 'not a url', 'javascript:alert(1)']) {
        const answer = await put(headers, bad);
        expect(answer.statusCode, bad).toBe(400);
        expect(answer.json()).toEqual({ check_url: [text] });
      }
      const long = await put(headers, `https://example.com/${'a'.repeat(500)}`);
      expect(long.statusCode).toBe(400);
    }
  });

  it("sends the target to every agent at once and names it in the proxy page's command; blank is the default again", async () => {
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, { online: 1 });
    const customer = await createCustomer(suite.app, db());
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    const farm = farmService(db());
    const before = await farm.config(hostId);
    expect(before).not.toHaveProperty('check_url');
    const version = await hostVersion(db(), hostId);

    const headers = await staff(Object.values(MODEM_PERMISSIONS));
    const saved = await put(headers, '  https://checks.example.net/ip  ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ check_url: 'https://checks.example.net/ip' });
    expect(saved.json().changed_by).toMatch(/^staff-/);
    expect(saved.json().changed_at).not.toBeNull();

    expect(await hostVersion(db(), hostId)).toBeGreaterThan(version);
    const config = await farm.config(hostId);
    expect(config?.check_url).toBe('https://checks.example.net/ip');
    // What the agent validates the configuration with accepts it.
    expect(v.safeParse(AgentConfigSchema, config).success).toBe(true);

    const page = await suite.app.inject({ method: 'GET', url: `/api/proxies/${proxy.id}/`, headers: customer.headers });
    expect(page.json().check_url).toBe('https://checks.example.net/ip');

    // Saving the same target again tells no agent anything new.
    const unchanged = await hostVersion(db(), hostId);
    await put(headers, 'https://checks.example.net/ip');
    expect(await hostVersion(db(), hostId)).toBe(unchanged);

    expect((await put(headers, '')).json()).toMatchObject({ check_url: null });
    expect(await farm.config(hostId)).not.toHaveProperty('check_url');
    const reset = await suite.app.inject({
      method: 'GET',
      url: `/api/proxies/${proxy.id}/`,
      headers: customer.headers,
    });
    expect(reset.json().check_url).toBeNull();
  });
});
