// Orders per second for ONE busy place on PostgreSQL through the real HTTP path (#13, #42): the API listening on a
// port, 50 customers signed in with their own tokens, each `POST /api/orders/` with its own Idempotency-Key, so every
// order claims its key, picks and locks a free modem of the place (`allocateInPlace`: only the modems it takes, falling
// back to waiting for all of them when that comes up short), takes two ports under its host's lock, bumps the host's
// configuration and posts one ledger entry, in one transaction. The customers together ask for more proxies than the
// farm has: the figures are worth nothing unless exactly as many orders succeed as there are modems, and no modem
// carries two. Budget: at least 100 orders/s placed (#42 measured 40 when every order locked the whole place).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';
import { billingService } from '../server/domains/billing/index.ts';
import { farmService } from '../server/domains/farm/index.ts';
import { percentile, withScratchSchema, benchConfig } from './bench-support.ts';

const CUSTOMERS = 50;
const ORDERS_EACH = 12;
const HOSTS = 8;
const MODEMS_PER_HOST = 60;
/** One place: every order competes for the same modems, the worst case for the locks. */
const PLACE = { country: 'RU', city: 'Bench City', operator: 'BenchTel' } as const;
const BUDGET_ORDERS_PER_SECOND = 100;

/** True when the orders kept the budget and nothing was oversold or charged twice. */
export async function benchOrders(connectionString: string): Promise<boolean> {
  return withScratchSchema(connectionString, 'orders', async (db) => {
    await db.query(
      `INSERT INTO plans (title_ru, price_minor, currency, period_days) VALUES ('Месяц', 390000, 'RUB', 30)`,
    );
    const farm = farmService(db);
    const modems = HOSTS * MODEMS_PER_HOST;
    for (let h = 0; h < HOSTS; h++) {
      const { host } = await farm.createHost({
        name: `bench-${h}`,
        publicHost: `bench-${h}.example.com`,
        portMin: 10_000,
        portMax: 11_000,
      });
      await db.query(
        `INSERT INTO modems (host_id, name, key, country, city, operator, status, ip)
         SELECT $1, 'Bench ' || n, 'sim-' || n, $2, $3, $4, 'online', '198.51.100.1' FROM generate_series(1, $5) AS n`,
        [host.id, PLACE.country, PLACE.city, PLACE.operator, MODEMS_PER_HOST],
      );
    }

    const password = 'bench passphrase 2024';
    const passwordHash = await hashPassword(password);
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://bench' });
    const app = await buildApp({ config: benchConfig(), db, serveSite: false, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const customers = await Promise.all(
        Array.from({ length: CUSTOMERS }, async (_, n) => {
          const email = `bench-order-${n}@example.com`;
          const user = await usersRepository(db).create({ email, passwordHash, language: 'en', emailVerified: true });
          if (!user) throw new Error(`${email} exists`);
          await billing.post({ userId: user.id, kind: 'adjustment', amount: 100_000_000, currency: 'RUB' });
          const login = await fetch(`${url}/api/auth/login/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          });
          return { id: user.id, token: ((await login.json()) as { key: string }).key };
        }),
      );

      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const started = performance.now();
      await Promise.all(
        customers.map(async (customer) => {
          for (let i = 0; i < ORDERS_EACH; i++) {
            const begun = performance.now();
            const answer = await fetch(`${url}/api/orders/`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Token ${customer.token}`,
                'idempotency-key': `bench-${customer.id}-${i}`,
              },
              body: JSON.stringify({ ...PLACE, period_days: 30, quantity: 1 }),
            });
            await answer.arrayBuffer();
            latencies.push(performance.now() - begun);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const placed = statuses.get(201) ?? 0;
      const refused = statuses.get(409) ?? 0;
      const rate = placed / seconds;

      const [check] = await db.query<{ proxies: number; oversold: number; purchases: number; lines: number }>(
        `SELECT (SELECT count(*)::int FROM proxies) AS proxies,
                (SELECT count(*)::int FROM (SELECT p.modem_id FROM proxies p JOIN modems m ON m.id = p.modem_id
                   GROUP BY p.modem_id, m.capacity HAVING count(*) > m.capacity) o) AS oversold,
                (SELECT count(*)::int FROM ledger_entries WHERE kind = 'purchase') AS purchases,
                (SELECT count(*)::int FROM order_lines) AS lines`,
      );
      console.log(
        `\nOrders for one place on PostgreSQL over HTTP (${CUSTOMERS} customers at once, ${ORDERS_EACH} orders each, ` +
          `${modems} modems on ${HOSTS} hosts):`,
      );
      const fast = rate >= BUDGET_ORDERS_PER_SECOND;
      console.log(
        `  POST /api/orders/  ${rate.toFixed(0)} orders/s placed (${((placed + refused) / seconds).toFixed(0)} ` +
          `answers/s), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms  ` +
          `${fast ? 'PASS' : 'FAIL'} (≥ ${BUDGET_ORDERS_PER_SECOND} orders/s)`,
      );
      console.log(`  answers: ${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')}`);
      const ok =
        placed === modems &&
        refused === CUSTOMERS * ORDERS_EACH - modems &&
        check?.oversold === 0 &&
        check.proxies === modems &&
        check.purchases === placed &&
        check.lines === placed;
      console.log(
        `  ${placed} orders for ${modems} modems, ${check?.proxies} proxies, modems over capacity ${check?.oversold}, ` +
          `purchase entries ${check?.purchases}: ${ok ? 'PASS' : 'FAIL'} (no modem oversold, one entry per order)`,
      );
      return fast && ok;
    } finally {
      await app.close();
    }
  });
}

if (import.meta.main) {
  process.exitCode = (await benchOrders(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')) ? 0 : 1;
}
