// Ledger postings per second on PostgreSQL, through the real top-up path (`billingService.markPaid`: lock the invoice,
// move the balance, write the ledger entry, close the invoice — one transaction): 50 concurrent top-ups to 50
// different customers, then 50 concurrent top-ups to one customer (every one waits for that account row's lock).
import { billingService } from '../server/domains/billing/index.ts';
import { percentile, withScratchSchema } from './bench-support.ts';

const CONCURRENCY = 50;
const PER_WORKER = 20;

export async function benchLedger(connectionString: string): Promise<void> {
  return withScratchSchema(connectionString, 'ledger', async (db) => {
    const billing = billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://bench' });
    const [method] = await db.query<{ id: number }>(
      "INSERT INTO payment_methods (code, name_ru, kind, provider) VALUES ('bench', 'Bench', 'fiat', 'manual') RETURNING id",
    );
    const users = await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash)
       SELECT 'bench-' || n || '@example.com', 'x' FROM generate_series(1, $1) AS n RETURNING id`,
      [CONCURRENCY],
    );

    async function run(label: string, ownerOf: (worker: number) => number): Promise<void> {
      const invoices: number[][] = [];
      for (let worker = 0; worker < CONCURRENCY; worker++) {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO invoices (user_id, method_id, provider, amount, currency, expires_at)
           SELECT $1, $2, 'manual', 1000, 'RUB', now() + interval '1 hour' FROM generate_series(1, $3) RETURNING id`,
          [ownerOf(worker), method?.id ?? 0, PER_WORKER],
        );
        invoices.push(rows.map((row) => row.id));
      }
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        invoices.map(async (ids) => {
          for (const id of ids) {
            const begun = performance.now();
            await billing.markPaid(id, { actorId: null, reason: '' });
            latencies.push(performance.now() - begun);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(34)} ${(latencies.length / seconds).toFixed(0)} postings/s, ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
      );
    }

    console.log(`\nLedger on PostgreSQL (top-ups credited, ${CONCURRENCY} concurrent, ${PER_WORKER} each):`);
    await run('to 50 different customers', (worker) => users[worker]?.id ?? 0);
    await run('to one customer', () => users[0]?.id ?? 0);
    const [check] = await db.query<{ balance: number; entries: number }>(
      'SELECT balance, (SELECT count(*)::int FROM ledger_entries WHERE user_id = $1) AS entries FROM users WHERE id = $1',
      [users[0]?.id ?? 0],
    );
    // The figures mean nothing if money went missing: the one customer got every top-up exactly once.
    const expected = (PER_WORKER + CONCURRENCY * PER_WORKER) * 1000;
    console.log(
      `  one customer's balance ${check?.balance} (expected ${expected}), ledger entries ${check?.entries}: ` +
        (check?.balance === expected ? 'PASS' : 'FAIL'),
    );
  });
}
