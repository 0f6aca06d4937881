import { describe, expect, it } from 'vitest';
import { DbUnavailableError, type Db } from '../db/db.ts';
import { loadMigrations } from '../db/migrate.ts';
import { BACKENDS, buildTestApp, seededApp } from '../test/helpers.ts';

describe.each(BACKENDS)('health probes on $name', (backend) => {
  const suite = seededApp(backend);

  it('/healthz says the process is alive', async () => {
    const response = await suite.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 when the database answers and every migration is applied', async () => {
    const response = await suite.app.inject('/readyz/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 503 while a migration is pending', async () => {
    const migrations = [...(await loadMigrations()), { version: 9999, name: '9999_future', sql: 'SELECT 1' }];
    const pending = await buildTestApp({ db: suite.testDb.db, migrations });
    const response = await pending.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'migrations pending' });
    await pending.close();
  });
});

describe('/readyz without a database', () => {
  it('is 503 while liveness stays 200', async () => {
    const down: Db = {
      kind: 'postgres',
      query: () => Promise.reject(new DbUnavailableError(new Error('ECONNREFUSED'))),
      exec: () => Promise.reject(new DbUnavailableError(new Error('ECONNREFUSED'))),
      transaction: () => Promise.reject(new DbUnavailableError(new Error('ECONNREFUSED'))),
      // Never listening: nothing is kept in memory, as when the real connection cannot be made.
      listen: () => ({ close: () => Promise.resolve() }),
      close: () => Promise.resolve(),
    };
    const app = await buildTestApp({ db: down });
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'database unavailable' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const api = await app.inject({ url: '/api/pages/', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ detail: 'Service temporarily unavailable, try again later.' });
    await app.close();
  });
});
