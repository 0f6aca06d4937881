/** Ordering fixtures for tests: a farm host with online modems in a place of its own, customers with money. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { billingService } from '../domains/billing/index.ts';
import { farmService } from '../domains/farm/index.ts';
import { createUser, EN, freshEmail, login, tokenHeader } from './accounts.ts';

export interface TestPlace {
  readonly country: string;
  readonly city: string;
  readonly operator: string;
}

/** A place no other test uses (a random city), so stock counts are the test's own. */
export function freshPlace(country = 'DE'): TestPlace {
  return { country, city: `City ${randomBytes(4).toString('hex')}`, operator: 'Telekom' };
}

/**
 * A farm host with `online` modems online in the place (and `offline` more that are not), ports from `portMin`.
 * Answers the host id and the modem ids.
 */
export async function createFarm(
  db: Db,
  place: TestPlace,
  counts: { readonly online: number; readonly offline?: number; readonly portMin?: number; readonly capacity?: number },
): Promise<{ hostId: number; modemIds: number[] }> {
  const farm = farmService(db);
  const portMin = counts.portMin ?? 20_000 + Math.floor(Math.random() * 40) * 1000;
  const { host } = await farm.createHost({
    name: `host-${randomBytes(4).toString('hex')}`,
    publicHost: 'proxy.example.com',
    portMin,
    portMax: portMin + 999,
  });
  const modemIds: number[] = [];
  const total = counts.online + (counts.offline ?? 0);
  for (let n = 0; n < total; n++) {
    const modem = await farm.createModem({
      hostId: host.id,
      name: `Modem ${n}`,
      key: `sim-${n}`,
      ...place,
      ...(counts.capacity ? { capacity: counts.capacity } : {}),
    });
    modemIds.push(modem.id);
  }
  await db.query(
    `UPDATE modems SET status = 'online', ip = '198.51.100.' || (id % 250 + 1)
      WHERE id = ANY($1::int[])`,
    [modemIds.slice(0, counts.online)],
  );
  return { hostId: host.id, modemIds };
}

export interface Customer {
  readonly id: number;
  readonly email: string;
  readonly headers: Record<string, string>;
}

/** A verified customer with `balance` minor units (one adjustment entry), signed in, English by default. */
export async function createCustomer(
  app: FastifyInstance,
  db: Db,
  balance = 0,
  language: Record<string, string> = EN,
): Promise<Customer> {
  const email = freshEmail('buyer');
  const user = await createUser(db, { email, verified: true });
  if (balance > 0) {
    await billingService(db, { currency: 'RUB', invoiceTtlMinutes: 60, publicUrl: 'http://testserver' }).post({
      userId: user.id,
      kind: 'adjustment',
      amount: balance,
      currency: 'RUB',
      reason: 'test money',
    });
  }
  return { id: user.id, email, headers: { ...language, ...tokenHeader(await login(app, email)) } };
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
  return row?.balance ?? 0;
}

export function ledgerOf(db: Db, userId: number) {
  return db.query<{ kind: string; amount: number; reference: string }>(
    'SELECT kind, amount, reference FROM ledger_entries WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

export async function hostVersion(db: Db, hostId: number): Promise<number> {
  const [row] = await db.query<{ v: number }>('SELECT config_version AS v FROM agent_hosts WHERE id = $1', [hostId]);
  return Number(row?.v);
}

/**
 * Answers, as the farm's agent would, the customer's "change IP now" on `proxyId` that a request in flight is waiting
 * for: waits for its pending rotation to appear, then reports it done with `ip`.
 */
export async function answerRotation(db: Db, hostId: number, proxyId: number, ip: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const [pending] = await db.query<{ id: number }>(
      `SELECT id::int AS id FROM rotations WHERE proxy_id = $1 AND status = 'pending'`,
      [proxyId],
    );
    if (pending) {
      await farmService(db).finishRotation(hostId, pending.id, {
        status: 'done',
        ip,
        previous_ip: null,
        finished_at: new Date().toISOString(),
      });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no pending rotation of proxy ${proxyId}`);
}
