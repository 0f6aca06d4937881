// A request's body must arrive in time — except on a route that allows longer: a release build uploaded over a slow
// link. Over a real socket, with the app's deadline shortened to a fraction of a second.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from './test/accounts.ts';
import { buildTestApp, openSeededDb, PGLITE, type SeededTestDb } from './test/helpers.ts';

const DEADLINE_MS = 300;

describe('the request body deadline', () => {
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let port: number;
  let staffToken: string;

  beforeAll(async () => {
    testDb = await openSeededDb(PGLITE);
    app = await buildTestApp({ db: testDb.db, env: { DATA_DIR: testDb.dataDir }, requestTimeoutMs: DEADLINE_MS });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    await createUser(testDb.db, { email: 'uploader@example.com', staff: true, superuser: true });
    staffToken = await login(app, 'uploader@example.com');
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  /** Everything the server wrote back until it closed the socket, or until `waitMs` passed. */
  function exchange(parts: readonly { text: string; afterMs: number }[], waitMs: number) {
    return new Promise<{ answer: string; closedByServer: boolean }>((resolve) => {
      const socket: Socket = connect(port, '127.0.0.1');
      let answer = '';
      let done = false;
      const finish = (closedByServer: boolean) => {
        if (done) return;
        done = true;
        socket.destroy();
        resolve({ answer, closedByServer });
      };
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => finish(true));
      socket.on('error', () => finish(true));
      for (const part of parts) setTimeout(() => socket.writable && socket.write(part.text), part.afterMs);
      setTimeout(() => finish(false), waitMs);
    });
  }

  it('cuts off a JSON body that stops arriving', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'whatever-it-is' });
    const head = `POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedByServer } = await exchange([{ text: head + body.slice(0, 10), afterMs: 0 }], 3_000);
    expect(closedByServer).toBe(true);
    expect(answer).toBe('');
  });

  it('lets a staff upload of a build take longer than that', async () => {
    const boundary = 'deadline-boundary';
    const content = 'x'.repeat(4096);
    const opening = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="agent.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const closing = `\r\n--${boundary}--\r\n`;
    const length = Buffer.byteLength(opening + content + closing);
    const head =
      `POST /api/panel/versions/files/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Token ${staffToken}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    const { answer } = await exchange(
      [
        { text: head + opening + content.slice(0, 1000), afterMs: 0 },
        // Well past the app's deadline for other bodies.
        { text: content.slice(1000) + closing, afterMs: DEADLINE_MS * 4 },
      ],
      10_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"name":"agent.bin"');
  });
});
