// The transactional outbox (`app.mailer.enqueue` and the `mail.deliver` job), through a real SMTP server
// (scripts/smtp-sink.ts): a queued mail exists only if its transaction committed, goes out once, and an SMTP failure
// is retried with backoff until it is given up. Time moves by the app's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../scripts/smtp-sink.ts';
import { manualClock } from '../lib/clock.ts';
import { createUser, freshEmail } from '../test/accounts.ts';
import { BACKENDS, seededApp } from '../test/helpers.ts';
import { MAX_ATTEMPTS, retryDelayMs, type OutgoingMail } from './mailer.ts';

describe.each(BACKENDS)('the mail outbox on $name', (backend) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const clock = manualClock(Date.UTC(2030, 0, 1));
  // The sink's address is only known once it listens: the env is read when the app is built, after beforeAll.
  const suite = seededApp(backend, {
    now: clock.now,
    get env() {
      return { SMTP_URL: sink.url, MAIL_FROM: 'Proxy <robot@testserver>' };
    },
  });
  const db = () => suite.testDb.db;

  const mail = (to: string, userId: number, secrets: string[] = []): OutgoingMail => ({
    kind: 'proxy_reminder',
    userId,
    to,
    language: 'en',
    content: { subject: `For ${to}`, text: 'Plain words', html: '<p>HTML words</p>' },
    secrets,
  });
  const rowsOf = (userId: number) =>
    db().query<{ status: string; attempts: number; next_attempt_at: Date | string | null }>(
      'SELECT status, attempts, next_attempt_at FROM outbox WHERE user_id = $1',
      [userId],
    );

  it('queues inside the transaction (a rollback leaves nothing), then sends once', async () => {
    const to = freshEmail('outbox');
    const user = await createUser(db(), { email: to });
    await expect(
      db().transaction(async (tx) => {
        await suite.app.mailer.enqueue(tx, mail(to, user.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf(user.id)).toEqual([]);

    await db().transaction((tx) => suite.app.mailer.enqueue(tx, mail(to, user.id)));
    expect((await rowsOf(user.id)).map((row) => row.status)).toEqual(['queued']);
    expect(await suite.app.jobs.runOne('mail.deliver')).toBeGreaterThanOrEqual(1);
    expect(await suite.app.jobs.runOne('mail.deliver')).toBe(0);
    const sent = await sink.waitFor((message) => message.to.includes(to));
    expect(sent.html).toContain('HTML words');
    expect(sink.messages.filter((message) => message.to.includes(to))).toHaveLength(1);
    expect((await rowsOf(user.id)).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
  });

  it('a mail with secrets is never queued (its text would be stored)', async () => {
    const to = freshEmail('outbox');
    const user = await createUser(db(), { email: to });
    await expect(suite.app.mailer.enqueue(db(), mail(to, user.id, ['token']))).rejects.toThrow(/secrets/);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('a crash after the send, before its commit, sends the mail again with the same Message-ID (#43)', async () => {
    const to = freshEmail('outbox');
    const user = await createUser(db(), { email: to });
    await db().transaction((tx) => suite.app.mailer.enqueue(tx, mail(to, user.id)));
    // The crash: the SMTP server has the mail, but the row's outcome is never committed.
    await db().exec(`
      CREATE FUNCTION outbox_crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crashed'; END $$;
      CREATE TRIGGER outbox_crash BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_crash();
    `);
    try {
      await expect(suite.app.mailer.deliverQueued(new Date(clock.now()))).rejects.toThrow(/crashed/);
    } finally {
      await db().exec('DROP TRIGGER outbox_crash ON outbox; DROP FUNCTION outbox_crash();');
    }
    expect((await rowsOf(user.id)).map((row) => [row.status, row.attempts])).toEqual([['queued', 0]]);
    await suite.app.jobs.runOne('mail.deliver');
    expect((await rowsOf(user.id)).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);

    // The sink keeps a message before it accepts it: both copies are there once their sends returned.
    const ids = sink.messages.filter((message) => message.to.includes(to)).map((m) => m.headers.get('message-id'));
    const [row] = await db().query<{ message_id: string }>('SELECT message_id FROM outbox WHERE user_id = $1', [
      user.id,
    ]);
    expect(ids).toEqual([`<${row?.message_id}@testserver>`, `<${row?.message_id}@testserver>`]);
  });

  it('a mail sent at once is recorded with the Message-ID it carried', async () => {
    const to = freshEmail('outbox');
    const user = await createUser(db(), { email: to });
    suite.app.mailer.send(mail(to, user.id, ['secret']));
    await suite.app.mailer.idle();
    const sent = await sink.waitFor((message) => message.to.includes(to));
    const [row] = await db().query<{ message_id: string }>('SELECT message_id FROM outbox WHERE user_id = $1', [
      user.id,
    ]);
    expect(sent.headers.get('message-id')).toBe(`<${row?.message_id}@testserver>`);
  });

  it('an SMTP failure is retried with backoff, then given up', async () => {
    const to = freshEmail('outbox');
    const user = await createUser(db(), { email: to });
    await db().transaction((tx) => suite.app.mailer.enqueue(tx, mail(to, user.id)));
    await sink.close();

    await suite.app.jobs.runOne('mail.deliver');
    let [row] = await rowsOf(user.id);
    expect([row?.status, row?.attempts]).toEqual(['queued', 1]);
    expect(new Date(row?.next_attempt_at ?? 0).getTime()).toBe(clock.now() + retryDelayMs(1));
    // Not due before its time.
    clock.advance(retryDelayMs(1) - 1);
    await suite.app.jobs.runOne('mail.deliver');
    expect((await rowsOf(user.id))[0]?.attempts).toBe(1);

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt));
      await suite.app.jobs.runOne('mail.deliver');
    }
    [row] = await rowsOf(user.id);
    expect([row?.status, row?.attempts, row?.next_attempt_at]).toEqual(['failed', MAX_ATTEMPTS, null]);
  });
});
