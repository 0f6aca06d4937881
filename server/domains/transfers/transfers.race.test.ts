// Transfers under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs at once): an accept and
// a cancel of one offer at once, and two accepts of one offer at once, end with exactly one winner, a 409 for the
// loser, and the proxy's owner and both ledgers agreeing with the winner.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, ledgerOf } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const backend = () => {
  if (!postgres) throw new Error('DATABASE_URL is not set');
  return postgres;
};
const DAY = 86_400_000;
const ROUNDS = 15;

describe.runIf(postgres)('transfer races on PostgreSQL', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openSeededDb(backend());
    app = await buildTestApp({ db: testDb.db });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  /** A sender with a proxy offered to a recipient: the offer's id. */
  async function pendingOffer() {
    const sender = await createCustomer(app, testDb.db);
    const recipient = await createCustomer(app, testDb.db);
    const { modemIds } = await createFarm(testDb.db, freshPlace(), { online: 1 });
    const proxy = await farmService(testDb.db).createProxy({
      ownerId: sender.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    const offer = await app.inject({
      method: 'POST',
      url: '/api/transfers/',
      headers: sender.headers,
      payload: { proxy_id: proxy.id, email: recipient.email },
    });
    expect(offer.statusCode).toBe(201);
    return { sender, recipient, proxyId: proxy.id, id: offer.json<{ id: number }>().id };
  }

  const ownerOf = async (proxyId: number) =>
    (await testDb.db.query<{ owner_id: number }>('SELECT owner_id FROM proxies WHERE id = $1', [proxyId]))[0]?.owner_id;

  it(`an accept and a cancel of one offer at once: exactly one wins, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { sender, recipient, proxyId, id } = await pendingOffer();
      const [accept, cancel] = await Promise.all([
        app.inject({ method: 'POST', url: `/api/transfers/${id}/accept/`, headers: recipient.headers, payload: {} }),
        app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel/`, headers: sender.headers, payload: {} }),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const [row] = await testDb.db.query<{ state: string }>('SELECT state FROM transfers WHERE id = $1', [id]);
      if (accept.statusCode === 200) {
        expect(row?.state).toBe('accepted');
        expect(cancel.json()).toEqual({ detail: 'This offer has already been accepted.' });
        expect(await ownerOf(proxyId)).toBe(recipient.id);
        expect(await ledgerOf(testDb.db, sender.id)).toEqual([
          { kind: 'transfer', amount: 0, reference: `transfer:${id}` },
        ]);
      } else {
        expect(row?.state).toBe('cancelled');
        expect(accept.json()).toEqual({ detail: 'This offer has been cancelled by the sender.' });
        expect(await ownerOf(proxyId)).toBe(sender.id);
        expect(await ledgerOf(testDb.db, sender.id)).toEqual([]);
        expect(await ledgerOf(testDb.db, recipient.id)).toEqual([]);
      }
    }
  });

  it(`two accepts of one offer at once: one moves the proxy, once, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { recipient, proxyId, id } = await pendingOffer();
      const answers = await Promise.all(
        [0, 1].map(() =>
          app.inject({ method: 'POST', url: `/api/transfers/${id}/accept/`, headers: recipient.headers, payload: {} }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await ownerOf(proxyId)).toBe(recipient.id);
      expect(await ledgerOf(testDb.db, recipient.id)).toEqual([
        { kind: 'transfer', amount: 0, reference: `transfer:${id}` },
      ]);
    }
  });
});
