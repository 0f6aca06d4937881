// Replacing a proxy whose IP is bad (#49 item 9): `GET /api/proxies/{id}/replace/` quotes, `POST` replaces — same id,
// login, password and term on ANOTHER free modem of the same place, free, the old modem free again, ports kept on the
// same host and new on another, at most 3 times in a rolling 30 days, the same Idempotency-Key answering the same
// replacement, and every refusal worded in both languages with nothing changed.
import { PROXY_REPLACEMENTS_PER_MONTH } from '@proxy/contract/schemas/replacements';
import { describe, expect, it } from 'vitest';
import { EN, RU } from '../../test/accounts.ts';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, type Customer, freshPlace, ledgerOf } from '../../test/orders.ts';
import { farmService, freeCount } from '../farm/index.ts';

const DAY = 86_400_000;

describe.each(BACKENDS)('replacing a proxy on $name', (backend) => {
  /** The app's clock runs with the real one, moved on by `skipped` (the rolling window is judged by it). */
  let skipped = 0;
  const suite = seededApp(backend, { now: () => Date.now() + skipped });
  const clock = () => Date.now() + skipped;
  const db = () => suite.testDb.db;

  /** A customer with a proxy of `days` on the first of `modems` online modems of a fresh place, on one host. */
  async function ownerOfProxy(modems: number, days = 30, language: Record<string, string> = EN) {
    const place = freshPlace();
    const { hostId, modemIds } = await createFarm(db(), place, { online: modems });
    const customer = await createCustomer(suite.app, db(), 0, language);
    const proxy = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(clock() + days * DAY),
    });
    return { place, hostId, modemIds, customer, proxy };
  }
  const quote = (customer: Customer, id: number, headers = {}) =>
    suite.app.inject({
      method: 'GET',
      url: `/api/proxies/${id}/replace/`,
      headers: { ...customer.headers, ...headers },
    });
  const replace = (customer: Customer, id: number, key = `replace-${Math.random()}`, headers = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${id}/replace/`,
      headers: { ...customer.headers, 'idempotency-key': key, ...headers },
      payload: {},
    });
  const proxyOf = async (customer: Customer, id: number) =>
    (await suite.app.inject({ method: 'GET', url: `/api/proxies/${id}/`, headers: customer.headers })).json();
  const modemOf = async (id: number) => {
    const [row] = await db().query<{ modem_id: number }>('SELECT modem_id FROM proxies WHERE id = $1', [id]);
    return row?.modem_id;
  };

  it('puts the proxy on another modem of its place: free, same id, credentials, term and ports, a new IP, the old modem freed', async () => {
    const { place, modemIds, customer, proxy } = await ownerOfProxy(3);
    const before = await proxyOf(customer, proxy.id);
    expect(before.last_rotation_at).toBeNull();

    const quoted = await quote(customer, proxy.id);
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toEqual({
      available: 2,
      limit: PROXY_REPLACEMENTS_PER_MONTH,
      left: 3,
      next_at: null,
      ports_change: false,
    });

    const replaced = await replace(customer, proxy.id, 'first-replacement');
    expect(replaced.statusCode).toBe(201);
    const body = replaced.json();
    expect(body).toMatchObject({
      proxy_id: proxy.id,
      ports_changed: false,
      http_port: before.http_port,
      socks_port: before.socks_port,
      left: 2,
    });
    const modem = await modemOf(proxy.id);
    expect(modem).not.toBe(modemIds[0]);
    expect(modemIds).toContain(modem);

    const after = await proxyOf(customer, proxy.id);
    expect(after).toMatchObject({
      id: proxy.id,
      login: before.login,
      password: before.password,
      expires_at: before.expires_at,
      rotate_url: before.rotate_url,
      country: place.country,
      city: place.city,
      operator: place.operator,
      http_port: before.http_port,
      socks_port: before.socks_port,
    });
    expect(after.ip).toBe(body.ip);
    expect(after.ip).not.toBe(before.ip);
    // Its IP changed at the replacement, as a rotation's would: the page's "Last change" says when.
    expect(after.last_rotation_at).toBe(body.created_at);
    // One modem of three taken, as before; no money moved.
    expect(await freeCount(db(), place, new Date())).toBe(2);
    expect(await ledgerOf(db(), customer.id)).toEqual([]);

    // The same key answers the same replacement; with another proxy it is refused.
    const again = await replace(customer, proxy.id, 'first-replacement');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await modemOf(proxy.id)).toBe(modem);
    const { proxy: second } = await ownerOfProxy(2);
    expect((await replace(customer, second.id, 'first-replacement')).statusCode).toBe(404);
    const otherOwn = await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[2] === modem ? (modemIds[1] as number) : (modemIds[2] as number),
      expiresAt: new Date(clock() + 30 * DAY),
    });
    expect((await replace(customer, otherOwn.id, 'first-replacement')).statusCode).toBe(422);

    // The history shows it as an IP change of the customer's.
    const history = (
      await suite.app.inject({ method: 'GET', url: `/api/proxies/${proxy.id}/rotations/`, headers: customer.headers })
    ).json();
    expect(history.results).toContainEqual(
      expect.objectContaining({
        kind: 'replace',
        source: 'customer',
        status: 'done',
        old_ip: before.ip,
        new_ip: body.ip,
      }),
    );

    const now = await quote(customer, proxy.id);
    expect(now.json()).toMatchObject({
      left: 2,
      next_at: new Date(Date.parse(body.created_at) + 30 * DAY).toISOString(),
    });
  });

  it('onto another host when the only other free modem is there: new ports, both agents see it', async () => {
    const { place, hostId, customer, proxy } = await ownerOfProxy(1);
    const { hostId: otherHost, modemIds } = await createFarm(db(), place, { online: 1 });
    expect(otherHost).not.toBe(hostId);
    expect((await quote(customer, proxy.id)).json()).toMatchObject({ available: 1, ports_change: true });
    const replaced = await replace(customer, proxy.id);
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({ ports_changed: true });
    expect(await modemOf(proxy.id)).toBe(modemIds[0]);
    const after = await proxyOf(customer, proxy.id);
    expect(after).toMatchObject({ http_port: replaced.json().http_port, socks_port: replaced.json().socks_port });
    const served = (await farmService(db()).config(otherHost))?.proxies ?? [];
    expect(served.some((item) => item.id === proxy.id)).toBe(true);
    expect(((await farmService(db()).config(hostId))?.proxies ?? []).some((item) => item.id === proxy.id)).toBe(false);
  });

  it('at most 3 times in a rolling 30 days, saying when the next one is possible, in both languages', async () => {
    const { customer, proxy } = await ownerOfProxy(2, 90);
    const times: number[] = [];
    for (let n = 0; n < PROXY_REPLACEMENTS_PER_MONTH; n++) {
      const done = await replace(customer, proxy.id);
      expect(done.statusCode).toBe(201);
      expect(done.json().left).toBe(PROXY_REPLACEMENTS_PER_MONTH - n - 1);
      times.push(Date.parse(done.json().created_at));
      skipped += DAY;
    }
    const modem = await modemOf(proxy.id);
    const refused = await replace(customer, proxy.id);
    expect(refused.statusCode).toBe(429);
    const next = new Date((times[0] as number) + 30 * DAY);
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(next);
    expect(refused.json().detail).toMatch(
      new RegExp(
        `^The replacement limit is used up: a proxy can be replaced 3 times in 30 days\\. The next replacement is possible from ${day}, \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    const refusedRu = await replace(customer, proxy.id, 'ru-key', RU);
    expect(refusedRu.json().detail).toMatch(
      /^Лимит замен исчерпан: прокси можно заменить 3 раза за 30 дней\. Следующая замена возможна с .+ UTC\.$/,
    );
    expect(await modemOf(proxy.id)).toBe(modem);
    expect((await quote(customer, proxy.id)).json()).toMatchObject({ left: 0, next_at: next.toISOString() });

    // The first leaves the window: one more is possible, and only one.
    skipped += next.getTime() - clock() + 1_000;
    expect((await replace(customer, proxy.id)).statusCode).toBe(201);
    expect((await replace(customer, proxy.id)).statusCode).toBe(429);
  });

  it('refuses with nothing changed: no other free modem, expired, suspended, a trial, a transfer, not theirs, no key', async () => {
    const { place, modemIds, customer, proxy } = await ownerOfProxy(1, 30, RU);
    const alone = await replace(customer, proxy.id, 'k-alone');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().detail).toBe(
      'Другого свободного модема в этом месте у этого оператора сейчас нет: попробуйте позже или перенесите прокси в другое место.',
    );
    const aloneEn = await replace(customer, proxy.id, 'k-alone-en', EN);
    expect(aloneEn.json().detail).toBe(
      'No other modem of this place and operator is free now: try again later or move the proxy to another place.',
    );
    expect((await quote(customer, proxy.id)).json()).toMatchObject({ available: 0, left: 3 });

    // A modem taken by someone else is not free either.
    const { modemIds: more } = await createFarm(db(), place, { online: 1 });
    const stranger = await createCustomer(suite.app, db(), 0);
    await farmService(db()).createProxy({
      ownerId: stranger.id,
      modemId: more[0] as number,
      expiresAt: new Date(clock() + DAY),
    });
    expect((await replace(customer, proxy.id)).statusCode).toBe(409);
    expect(await modemOf(proxy.id)).toBe(modemIds[0]);
    // Another customer's proxy is not found; no key is a 400.
    expect((await replace(stranger, proxy.id)).statusCode).toBe(404);
    expect((await quote(stranger, proxy.id)).statusCode).toBe(404);
    const keyless = await suite.app.inject({
      method: 'POST',
      url: `/api/proxies/${proxy.id}/replace/`,
      headers: customer.headers,
      payload: {},
    });
    expect(keyless.statusCode).toBe(400);

    await createFarm(db(), place, { online: 1 });
    // Being transferred: refused until the transfer is answered.
    await db().query(
      `INSERT INTO transfers (proxy_id, sender_id, recipient_email, country, city, operator, expires_at)
       VALUES ($1, $2, 'someone@example.com', $3, $4, $5, now() + interval '1 day')`,
      [proxy.id, customer.id, place.country, place.city, place.operator],
    );
    const transferring = await replace(customer, proxy.id);
    expect(transferring.statusCode).toBe(409);
    expect(transferring.json().detail).toBe(
      'Этот прокси передаётся другому аккаунту: отмените передачу, чтобы заменить его.',
    );
    await db().query(`UPDATE transfers SET state = 'cancelled', decided_at = now() WHERE proxy_id = $1`, [proxy.id]);

    // Suspended by staff or expired: renew it first.
    await farmService(db()).setState(proxy.id, 'suspended');
    const suspended = await replace(customer, proxy.id, 'k-suspended', EN);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().detail).toBe('Only an active proxy can be replaced: renew it first.');
    expect((await quote(customer, proxy.id, EN)).statusCode).toBe(403);
    await farmService(db()).setState(proxy.id, 'active');
    // At the app's clock, which earlier tests moved on.
    await db().query('UPDATE proxies SET expires_at = $2 WHERE id = $1', [proxy.id, new Date(clock() - 3_600_000)]);
    const expired = await replace(customer, proxy.id);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe('Заменить можно только активный прокси: сначала продлите его.');
    await db().query('UPDATE proxies SET expires_at = $2, trial = true WHERE id = $1', [
      proxy.id,
      new Date(clock() + DAY),
    ]);
    const trial = await replace(customer, proxy.id, 'k-trial', EN);
    expect(trial.statusCode).toBe(403);
    expect(trial.json().detail).toBe(
      'A free trial proxy cannot be replaced: renew it first, and it becomes an ordinary proxy.',
    );
    await db().query('UPDATE proxies SET trial = false WHERE id = $1', [proxy.id]);

    // Nothing of the refusals counted against the limit, and the proxy never left its modem.
    expect(await modemOf(proxy.id)).toBe(modemIds[0]);
    expect((await quote(customer, proxy.id)).json()).toMatchObject({ left: 3, available: 1 });
    expect((await replace(customer, proxy.id)).statusCode).toBe(201);
  });
});
