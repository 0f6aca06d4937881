// Rebooting a proxy's modem (#29): the owner's `POST /api/proxies/{id}/reboot/` and staff's
// `POST /api/panel/farm/modems/{id}/reboot/`. A reboot travels to the agent as a rotation of kind `reboot`, waits for
// its result, has its own 10-minute cooldown per modem and shows in the history with its source; the owner may not
// reboot a modem other customers use, staff may.
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { REBOOT_COOLDOWN_SECONDS } from '@proxy/contract/schemas/proxies';
import { describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, hostVersion } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('modem reboots on $name', (backend) => {
  const suite = seededApp(backend, { farm: { rotationWaitMs: 3_000 } });
  const db = () => suite.testDb.db;

  /** Customers owning one proxy each on the first modem of a fresh place (capacity for all of them). */
  async function onOneModem(customers: number, options: { online?: number; offline?: number } = {}) {
    const { hostId, modemIds } = await createFarm(db(), freshPlace(), {
      online: options.online ?? 1,
      offline: options.offline ?? 0,
      capacity: Math.max(customers, 1),
    });
    const farm = farmService(db());
    const owners: { customer: Customer; id: number }[] = [];
    for (let n = 0; n < customers; n++) {
      const customer = await createCustomer(suite.app, db(), 0);
      const proxy = await farm.createProxy({
        ownerId: customer.id,
        modemId: modemIds[0] as number,
        expiresAt: new Date(Date.now() + 30 * DAY),
      });
      owners.push({ customer, id: proxy.id });
    }
    return { hostId, modemId: modemIds[0] as number, owners };
  }
  const get = (customer: Customer, url: string) => suite.app.inject({ method: 'GET', url, headers: customer.headers });
  const reboot = (customer: Customer | null, id: number, headers = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/reboot/`,
      headers: { ...(customer?.headers ?? EN), ...headers },
      payload: {},
    });

  /** The agent's part: it finds the pending reboot of the modem and reports the modem back with `ip`. */
  async function agentReboots(hostId: number, modemId: number, ip: string): Promise<number> {
    let id: number | undefined;
    for (let tries = 0; tries < 150 && id === undefined; tries++) {
      const [pending] = await db().query<{ id: number }>(
        `SELECT id::int AS id FROM rotations WHERE modem_id = $1 AND status = 'pending' AND kind = 'reboot'`,
        [modemId],
      );
      id = pending?.id;
      if (id === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = await farmService(db()).finishRotation(hostId, id as number, {
      status: 'done',
      ip,
      previous_ip: null,
      finished_at: new Date().toISOString(),
    });
    expect(finished).toBe(true);
    return id as number;
  }

  it('reboots: the agent is asked for a reboot, the answer is the new IP, then a 10-minute cooldown; history says so', async () => {
    const { hostId, modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const before = (await get(customer, `/api/proxies/${id}/`)).json();
    expect(before.reboot).toEqual({ available_at: null, shared: false, running: false });
    const version = await hostVersion(db(), hostId);
    const rotationsVersion = async () =>
      Number(
        (await db().query<{ v: number }>('SELECT rotations_version AS v FROM agent_hosts WHERE id = $1', [hostId]))[0]
          ?.v,
      );
    const rotationsBefore = await rotationsVersion();

    const rebooting = reboot(customer, id);
    // While it runs, the agent's configuration lists it as a reboot, and the page sees it running.
    const rotationId = await (async () => {
      for (let tries = 0; tries < 150; tries++) {
        const config = await farmService(db()).config(hostId);
        const listed = config?.rotations.find((rotation) => rotation.kind === 'reboot');
        if (listed) return listed.id;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the reboot never reached the configuration');
    })();
    // It travels as a rotation (#42): the agent's long poll wakes, and its configuration stays as it was.
    expect(await rotationsVersion()).toBeGreaterThan(rotationsBefore);
    expect(await hostVersion(db(), hostId)).toBe(version);
    expect((await get(customer, `/api/proxies/${id}/`)).json().reboot.running).toBe(true);
    expect(await agentReboots(hostId, modemId, '203.0.113.42')).toBe(rotationId);
    const done = await rebooting;
    expect(done.statusCode).toBe(200);
    // The answer carries the cooldown's end, so the page counts down at once (#49).
    const { available_at: availableAt, ...answer } = done.json();
    expect(answer).toEqual({ ok: true, ip: '203.0.113.42' });

    const proxy = (await get(customer, `/api/proxies/${id}/`)).json();
    expect(proxy.ip).toBe('203.0.113.42');
    expect(proxy.reboot.running).toBe(false);
    expect(proxy.reboot.available_at).toBe(availableAt);
    expect(Date.parse(proxy.reboot.available_at)).toBeGreaterThan(Date.now() + (REBOOT_COOLDOWN_SECONDS - 10) * 1000);

    const again = await reboot(customer, id, RU);
    expect(again.statusCode).toBe(429);
    const wait = again.json();
    expect(wait).toMatchObject({ ok: false });
    expect(wait.wait_seconds).toBeGreaterThan(REBOOT_COOLDOWN_SECONDS - 10);
    expect(wait.detail).toBe(`Запрос был проигнорирован. Expected available in ${wait.wait_seconds} seconds.`);
    expect(again.headers['retry-after']).toBe(String(wait.wait_seconds));

    const history = (await get(customer, `/api/proxies/${id}/rotations/`)).json();
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      id: rotationId,
      kind: 'reboot',
      source: 'customer',
      status: 'done',
      new_ip: '203.0.113.42',
    });
  });

  it('refuses, with a code and words in both languages: offline, maintenance, inactive, shared, busy, not yours', async () => {
    const offline = await onOneModem(1, { online: 0, offline: 1 });
    const [{ customer, id }] = offline.owners as [{ customer: Customer; id: number }];
    const down = await reboot(customer, id);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      ok: false,
      error: 'modem_unavailable',
      detail: 'The modem is offline or under maintenance: it cannot be rebooted now.',
    });
    await db().query(`UPDATE modems SET status = 'maintenance' WHERE id = $1`, [offline.modemId]);
    const serviced = await reboot(customer, id, RU);
    expect(serviced.statusCode).toBe(503);
    expect(serviced.json().detail).toBe('Модем не в сети или на обслуживании: перезагрузить его сейчас нельзя.');

    const expired = await onOneModem(1);
    const [owner] = expired.owners as [{ customer: Customer; id: number }];
    await db().query(`UPDATE proxies SET state = 'expired' WHERE id = $1`, [owner.id]);
    const inactive = await reboot(owner.customer, owner.id, RU);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      ok: false,
      error: 'proxy_inactive',
      detail: 'Этот прокси не активен: продлите его, чтобы перезагрузить модем.',
    });

    const shared = await onOneModem(2);
    const [first, second] = shared.owners as [{ customer: Customer; id: number }, { customer: Customer; id: number }];
    expect((await get(first.customer, `/api/proxies/${first.id}/`)).json().reboot.shared).toBe(true);
    const refused = await reboot(first.customer, first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      ok: false,
      error: 'modem_shared',
      detail: 'Other customers use this modem, and a reboot would cut them off too: ask support to reboot it.',
    });
    const refusedRu = await reboot(second.customer, second.id, RU);
    expect(refusedRu.json().detail).toBe(
      'Этим модемом пользуются и другие клиенты, перезагрузка отключит и их: попросите поддержку перезагрузить его.',
    );
    // Once the other customer's proxy is no longer served, the modem is the owner's alone.
    await db().query(`UPDATE proxies SET state = 'suspended' WHERE id = $1`, [second.id]);
    expect((await get(first.customer, `/api/proxies/${first.id}/`)).json().reboot.shared).toBe(false);

    // A change of IP already running: the reboot does not join it, it is refused.
    const busy = await onOneModem(1);
    const [rotating] = busy.owners as [{ customer: Customer; id: number }];
    await farmService(db()).requestStaffRotation(busy.modemId, rotating.customer.id);
    const refusedBusy = await reboot(rotating.customer, rotating.id);
    expect(refusedBusy.statusCode).toBe(409);
    expect(refusedBusy.json()).toEqual({
      ok: false,
      error: 'modem_busy',
      detail: 'The modem is already changing its IP or rebooting. Try again in a minute.',
    });

    const stranger = await createCustomer(suite.app, db(), 0);
    expect((await reboot(stranger, rotating.id)).statusCode).toBe(404);
    expect((await reboot(null, rotating.id)).statusCode).toBe(401);
    const [{ count }] = (await db().query<{ count: number }>(
      `SELECT count(*)::int AS count FROM rotations WHERE kind = 'reboot' AND modem_id = ANY($1::int[])`,
      [[offline.modemId, expired.modemId, shared.modemId, busy.modemId]],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('two reboots at once: one is asked of the agent, the other waits out the cooldown', async () => {
    const { modemId, owners } = await onOneModem(1);
    const [{ customer, id }] = owners as [{ customer: Customer; id: number }];
    const farm = farmService(db());
    const outcomes = await Promise.all([
      farm.requestCustomerReboot(id, customer.id),
      farm.requestCustomerReboot(id, customer.id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['started', 'wait']);
    const rows = await db().query(`SELECT id FROM rotations WHERE modem_id = $1 AND kind = 'reboot'`, [modemId]);
    expect(rows).toHaveLength(1);
  });

  it("staff reboot a shared or offline modem; every customer's history shows it as staff's; one at a time", async () => {
    const admin = await createUser(db(), { email: freshEmail('reboot-admin'), staff: true, superuser: true });
    const viewer = await createUser(db(), {
      email: freshEmail('reboot-viewer'),
      staff: true,
      permissions: [MODEM_PERMISSIONS.view],
    });
    const staff = async (email: string, url: string) =>
      suite.app.inject({ method: 'POST', url, headers: { ...EN, ...tokenHeader(await login(suite.app, email)) } });

    const { hostId, modemId, owners } = await onOneModem(2);
    await db().query(`UPDATE modems SET status = 'offline' WHERE id = $1`, [modemId]);
    const url = `/api/panel/farm/modems/${modemId}/reboot/`;
    expect((await staff(viewer.email, url)).statusCode).toBe(403);
    const rebooting = staff(admin.email, url);
    await agentReboots(hostId, modemId, '203.0.113.77');
    const done = await rebooting;
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, ip: '203.0.113.77' });
    for (const { customer, id } of owners) {
      const history = (await get(customer, `/api/proxies/${id}/rotations/`)).json();
      expect(history.results).toEqual([expect.objectContaining({ kind: 'reboot', source: 'staff', status: 'done' })]);
    }

    // Without an agent here the second one stays pending (the answer says it timed out); a third is refused meanwhile.
    expect((await staff(admin.email, url)).json()).toEqual({ ok: false, error: 'timeout' });
    const refused = await staff(admin.email, url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'The modem is already changing its IP or rebooting. Try again in a minute.',
    });
    expect((await staff(admin.email, '/api/panel/farm/modems/999999/reboot/')).statusCode).toBe(404);
  });
});
