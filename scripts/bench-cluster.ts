// The cluster's load and failover bench (`npm run bench -- cluster` alone; part of `npm run bench`): the topology of
// `npm run cluster` on a fresh database, and for a fixed time signed-in customers through HAProxy doing what the
// customer journey does: reads (the account, the balance, the proxies), orders, change-IP links, top-ups that staff
// mark paid. Halfway through one API process is killed with SIGKILL (and started again) and another restarted with
// SIGTERM. Writes carry an Idempotency-Key and are sent again with the same key when the answer was lost (a client
// that cannot tell whether a POST landed does that), so the invariants can be exact:
//   - no order lost or doubled: every 201 is a row, every row was answered, no key has two rows;
//   - every balance equals its ledger, and every paid invoice credited exactly once;
//   - each job effect once: no proxy renewed twice for one period, no queued mail sent twice;
//   - proxies carry traffic on both farm hosts afterwards;
//   - client errors only for requests in flight on the killed process (sent before the kill, answered 502 by HAProxy).
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { openPostgres } from '../server/db/pg.ts';
import { hashPassword, usersRepository } from '../server/domains/accounts/index.ts';
import { FARM_HOSTS, startCluster, type Cluster } from './cluster.ts';
import { root } from './site-process.ts';
import { percentile } from './bench-support.ts';

const DURATION_MS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 40) * 1000;
const CONNECTIONS = 16;
const CUSTOMERS = 24;
const PASSWORD = 'bench password 1';
/** A place the seeded farm (and its copy on the second host) has modems in. */
const PLACE = { country: 'RU', city: 'Moscow', operator: 'MTS' };
/** A lost answer is asked again with the same key; this many times at most. */
const RESENDS = 5;

type Kind = 'read' | 'order' | 'change-ip' | 'top-up';
interface Sample {
  readonly kind: Kind;
  readonly startedAt: number;
  readonly ms: number;
  /** The HTTP status, or 0 for a connection that failed. */
  readonly status: number;
  /** Why the connection failed. */
  readonly error?: string;
  /** The answer came from HAProxy (502, 503, 504 with its own page), not from an API process. */
  readonly balancer?: boolean;
}

/** Every answer of an API process carries its security headers; HAProxy's own error pages do not. */
const fromBalancer = (response: Response) => !response.headers.has('x-content-type-options');

/** fetch's TypeError says "fetch failed"; its cause says what happened to the connection. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

interface Customer {
  readonly id: number;
  readonly token: string;
  /** Change-IP links of the proxies this customer has. */
  readonly links: string[];
}

export async function benchCluster(): Promise<boolean> {
  console.log('\nThe cluster under load, with failover (3 API processes behind HAProxy, 2 farm hosts):');
  const cluster = await startCluster({
    database: 'proxymob_bench',
    fresh: true,
    port: 8090,
    runDir: join(root, '.data', 'cluster-bench'),
    apiEnv: { RATE_LIMITS: 'off' },
    log: (line) => console.log(`  ${line}`),
  });
  try {
    return await run(cluster);
  } finally {
    await cluster.stop();
  }
}

async function run(cluster: Cluster): Promise<boolean> {
  const db = openPostgres({ connectionString: cluster.databaseUrl, max: 4 });
  const samples: Sample[] = [];
  /** Idempotency keys of orders answered 201 or 200 (a repeat), with the order id the answer named. */
  const answeredOrders = new Map<string, number>();
  const paidInvoices = new Set<number>();
  try {
    const api = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Token ${init.token}`);
      if (init.body) headers.set('content-type', 'application/json');
      headers.set('accept-language', 'en');
      return fetch(`${cluster.url}${path}`, { ...init, headers, redirect: 'manual' });
    };

    // Customers and a staff member, signed in through the balancer as the site signs them in.
    const users = usersRepository(db);
    const passwordHash = await hashPassword(PASSWORD);
    const signIn = async (email: string) => {
      const response = await api('/api/auth/login/', {
        method: 'POST',
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { key: string }).key;
    };
    const newUser = (email: string, staff: boolean) =>
      users.create({
        email,
        passwordHash,
        language: 'en',
        emailVerified: true,
        isSuperuser: staff,
        isStaff: staff,
        permissions: [],
      });
    const staff = await newUser(`staff-${randomUUID()}@bench.example`, true);
    const staffToken = await signIn(staff.email);
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const user = await newUser(`customer-${i}-${randomUUID()}@bench.example`, false);
      customers.push({ id: user.id, token: await signIn(user.email), links: [] });
    }
    // Shared modems (a hundred proxies each) so that orders go on succeeding for the whole run.
    await db.query('UPDATE modems SET capacity = 100');
    const [plan] = await db.query<{ period_days: number }>('SELECT period_days FROM plans ORDER BY id LIMIT 1');
    const methods = (await (await api('/api/payment-methods/')).json()) as { id: number; min_amount: number }[];
    const method = methods[0];
    if (!plan || !method) throw new Error('the seed has no plan or no payment method');
    const amount = Math.max(method.min_amount, 500_000);

    /**
     * A POST sent again with the same key until a process answered it whole (not HAProxy's 502/503, not a connection
     * cut before the end of the body): its status and JSON body (null when there was none).
     */
    const idempotentPost = async (kind: Kind, path: string, token: string, body: unknown) => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const startedAt = Date.now();
        let error: string | undefined;
        let status = 0;
        let balancer = false;
        let answer: { id?: number } | null = null;
        try {
          const response = await api(path, {
            method: 'POST',
            token,
            body: JSON.stringify(body),
            headers: { 'idempotency-key': key },
          });
          balancer = fromBalancer(response);
          const text = await response.text();
          status = response.status;
          answer = !balancer && text ? (JSON.parse(text) as { id?: number }) : null;
        } catch (failure) {
          error = describe(failure);
          status = 0;
        }
        samples.push({ kind, startedAt, ms: Date.now() - startedAt, status, balancer, ...(error ? { error } : {}) });
        if (!(status === 0 || balancer) || attempt >= RESENDS) return { key, status, answer };
      }
    };

    const topUp = async (customer: Customer, sum = amount) => {
      const created = await idempotentPost('top-up', '/api/invoices/', customer.token, {
        method: method.id,
        amount: sum,
      });
      const id = created.answer?.id;
      if ((created.status !== 201 && created.status !== 200) || id === undefined) return;
      const paid = await idempotentPost('top-up', `/api/panel/invoices/${id}/paid/`, staffToken, {});
      // 400 `invoice settled`: the first attempt credited it and its answer was lost.
      if (paid.status === 200 || paid.status === 400) paidInvoices.add(id);
    };
    // Money first: every customer can afford a few orders. Two amounts: a second top-up of an amount the customer has
    // an open invoice for is answered with that invoice (#43).
    await Promise.all(customers.map(async (customer) => Promise.all([topUp(customer), topUp(customer, amount + 100)])));
    samples.length = 0;

    /** One request, sampled; null when the connection failed. */
    const timed = async (kind: Kind, send: () => Promise<Response>): Promise<Response | null> => {
      const startedAt = Date.now();
      let error: string | undefined;
      const response = await send().catch((failure: unknown) => {
        error = describe(failure);
        return null;
      });
      const balancer = !!response && fromBalancer(response);
      samples.push({
        kind,
        startedAt,
        ms: Date.now() - startedAt,
        status: response?.status ?? 0,
        balancer,
        ...(error ? { error } : {}),
      });
      return response;
    };

    const order = async (customer: Customer) => {
      const placed = await idempotentPost('order', '/api/orders/', customer.token, {
        ...PLACE,
        period_days: plan.period_days,
        quantity: 1,
      });
      if ((placed.status === 201 || placed.status === 200) && placed.answer?.id !== undefined) {
        answeredOrders.set(placed.key, placed.answer.id);
        const listing = await timed('read', () => api('/api/proxies/?page_size=50', { token: customer.token }));
        if (listing?.ok) {
          const proxies = (await listing.json()) as { results: { rotate_url: string }[] };
          customer.links.splice(0, customer.links.length, ...proxies.results.map((proxy) => proxy.rotate_url));
        }
      }
    };
    const READS = ['/api/users/', '/api/balance/', '/api/proxies/', '/api/orders/'];

    const started = Date.now();
    const end = started + DURATION_MS;
    let killedAt = 0;
    const failover = (async () => {
      await new Promise((done) => setTimeout(done, DURATION_MS / 2));
      const [victim, restarted] = cluster.apis;
      if (!victim || !restarted) return;
      killedAt = Date.now();
      await victim.stop('SIGKILL');
      console.log(`  ${((killedAt - started) / 1000).toFixed(1)} s: ${victim.name} killed (SIGKILL)`);
      await restarted.stop('SIGTERM');
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${restarted.name} stopped (SIGTERM, drained)`);
      await Promise.all([victim.start(), restarted.start()]);
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: both back`);
    })();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        for (let n = 0; Date.now() < end; n++) {
          const customer = customers[(worker * 7 + n) % customers.length] as Customer;
          const dice = Math.random();
          try {
            if (dice < 0.55) {
              const path = READS[n % READS.length] as string;
              await (await timed('read', () => api(path, { token: customer.token })))?.body?.cancel();
            } else if (dice < 0.75) await order(customer);
            else if (dice < 0.9 && customer.links.length > 0) {
              const link = customer.links[n % customer.links.length] as string;
              const answer = await timed('change-ip', () =>
                fetch(`${cluster.url}${new URL(link).pathname}`, { redirect: 'manual' }),
              );
              await answer?.body?.cancel();
            } else await topUp(customer);
          } catch (failure) {
            // A body cut off after its status line (the process died while sending it): a failed read of that kind.
            samples.push({ kind: 'read', startedAt: Date.now(), ms: 0, status: 0, error: describe(failure) });
          }
        }
      }),
    );
    await failover;
    const seconds = (Date.now() - started) / 1000;

    // ---- The table ----
    console.log(`\n  ${samples.length} requests in ${seconds.toFixed(0)} s, ${CONNECTIONS} connections:`);
    console.log('  kind        requests   req/s   p50 ms   p99 ms   4xx   5xx   failed');
    for (const kind of ['read', 'order', 'change-ip', 'top-up'] as const) {
      const of = samples.filter((sample) => sample.kind === kind);
      const sorted = of.map((sample) => sample.ms).sort((a, b) => a - b);
      const count = (test: (status: number) => boolean) => of.filter((sample) => test(sample.status)).length;
      console.log(
        `  ${kind.padEnd(10)} ${String(of.length).padStart(9)} ${(of.length / seconds).toFixed(0).padStart(7)}` +
          ` ${String(percentile(sorted, 50)).padStart(8)} ${String(percentile(sorted, 99)).padStart(8)}` +
          ` ${String(count((s) => s >= 400 && s < 500)).padStart(5)} ${String(count((s) => s >= 500)).padStart(5)}` +
          ` ${String(count((s) => s === 0)).padStart(8)}`,
      );
    }

    // ---- The invariants ----
    const checks: [string, boolean, string][] = [];
    const answeredIds = new Set(answeredOrders.values());
    const rows = await db.query<{ id: number; idempotency_key: string }>(
      `SELECT o.id::int AS id, o.idempotency_key FROM orders o JOIN users u ON u.id = o.user_id
        WHERE u.email LIKE 'customer-%@bench.example'`,
    );
    const rowIds = new Set(rows.map((row) => row.id));
    const unanswered = rows.filter((row) => !answeredOrders.has(row.idempotency_key));
    const lost = [...answeredIds].filter((id) => !rowIds.has(id));
    checks.push([
      'no order lost or doubled',
      unanswered.length === 0 && lost.length === 0 && rows.length === answeredOrders.size,
      `${answeredOrders.size} answered, ${rows.length} rows, ${lost.length} answered without a row, ${unanswered.length} rows never answered`,
    ]);
    const [ledger] = await db.query<{ off: number }>(
      `SELECT count(*)::int AS off FROM users u
        WHERE u.balance <> COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.user_id = u.id), 0)`,
    );
    checks.push(['balances equal their ledgers', ledger?.off === 0, `${ledger?.off ?? '?'} accounts off`]);
    const [credits] = await db.query<{ paid: number; credited: number; twice: number }>(
      `SELECT (SELECT count(*)::int FROM invoices WHERE status = 'paid') AS paid,
              (SELECT count(*)::int FROM ledger_entries WHERE kind = 'topup') AS credited,
              (SELECT count(*)::int FROM (SELECT reference FROM ledger_entries WHERE kind = 'topup'
                                           GROUP BY reference HAVING count(*) > 1) AS twice) AS twice`,
    );
    checks.push([
      'each paid invoice credited once',
      credits?.twice === 0 && credits.paid === credits.credited && credits.paid >= paidInvoices.size,
      `${credits?.paid} paid, ${credits?.credited} top-up entries`,
    ]);
    const [effects] = await db.query<{ renewals: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM (SELECT reference FROM ledger_entries WHERE kind = 'renewal'
                                          GROUP BY reference HAVING count(*) > 1) AS r) AS renewals,
              (SELECT count(*)::int FROM outbox WHERE status = 'queued' AND attempts > 0 AND error = '') AS mails`,
    );
    checks.push([
      'each job effect once',
      effects?.renewals === 0 && effects.mails === 0,
      `${effects?.renewals} renewals posted twice, ${effects?.mails} mails sent and still queued`,
    ]);
    checks.push(await trafficOnBothHosts(cluster, db, new Map(customers.map((c) => [c.id, c.token]))));
    // HAProxy's 502/503/504 (its pages lack the API's security headers) and connections that failed. A request the
    // balancer sent to the killed process before its health checks took it out (1 s apart, 2 failures) fails: on a
    // reused connection to the dead process HAProxy closes the client's connection without an answer, as a server
    // closing a keep-alive connection would, so that the client may resend. Nothing may fail after that, the SIGTERM
    // restart of another process included.
    const takenOutAt = killedAt + 2_500;
    const errors = samples.filter((sample) => sample.status === 0 || sample.balancer);
    const stray = errors.filter((sample) => sample.startedAt > takenOutAt);
    checks.push([
      'client errors only those in flight on the killed process',
      errors.length <= CONNECTIONS && stray.length === 0,
      `${errors.length} (${errors.map((e) => `${e.kind} ${e.error ?? e.status} at ${e.startedAt - killedAt} ms`).join(', ') || 'none'}), ${stray.length} sent after the balancer took it out`,
    ]);
    console.log('');
    for (const [name, ok, detail] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
    return checks.every(([, ok]) => ok);
  } finally {
    await db.close();
  }
}

/**
 * One proxy on each farm host carries an HTTP request (to the balancer's /healthz) with the credentials its owner
 * reads from the API: the agents serve what the cluster sold during the failover.
 */
async function trafficOnBothHosts(
  cluster: Cluster,
  db: Db,
  tokens: ReadonlyMap<number, string>,
): Promise<[string, boolean, string]> {
  const results: string[] = [];
  let ok = true;
  for (const host of FARM_HOSTS) {
    const [proxy] = await db.query<{ id: number; owner_id: number }>(
      `SELECT p.id::int AS id, p.owner_id FROM proxies p JOIN agent_hosts h ON h.id = p.host_id
        WHERE h.name = $1 AND p.state = 'active' ORDER BY p.id LIMIT 1`,
      [host.name],
    );
    const token = proxy && tokens.get(proxy.owner_id);
    if (!proxy || !token) {
      ok = false;
      results.push(`${host.name}: no proxy sold`);
      continue;
    }
    const detail = await fetch(`${cluster.url}/api/proxies/${proxy.id}/`, {
      headers: { authorization: `Token ${token}` },
    });
    const {
      host: address,
      http_port: port,
      login,
      password,
    } = (await detail.json()) as {
      host: string;
      http_port: number;
      login: string;
      password: string;
    };
    // The agent applies a new config within 2 s; give it a little longer after the load.
    let status = 0;
    for (const deadline = Date.now() + 10_000; status !== 200 && Date.now() < deadline;) {
      status = await throughProxy(address, port, `${login}:${password}`, `${cluster.url}/healthz`);
      if (status !== 200) await new Promise((done) => setTimeout(done, 500));
    }
    ok &&= status === 200;
    results.push(`${host.name} (${address}:${port}): ${status}`);
  }
  return ['proxies carry traffic on both farm hosts', ok, results.join(', ')];
}

/** A plain HTTP request through an HTTP proxy: its status, or 0 when the proxy could not be reached. */
function throughProxy(host: string, port: number, credentials: string, target: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest({
      host,
      port,
      path: target,
      headers: { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` },
    });
    request.setTimeout(5_000, () => request.destroy());
    request.once('error', () => resolve(0));
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.end();
  });
}

if (import.meta.main) process.exitCode = (await benchCluster()) ? 0 : 1;
