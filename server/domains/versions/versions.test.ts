// Releases as staff, updaters and visitors see them: who may do what, what an upload becomes (streamed, hashed,
// limited, and nothing left of a refused or interrupted one), the version-code rule (also under concurrency, on
// PostgreSQL), the latest release with its ETag, the downloads page, and files served with byte ranges.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { PanelVersion, VersionFile } from '@proxy/contract/schemas/versions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../../lib/clock.ts';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { BACKENDS, buildTestApp, openSeededDb, type SeededTestDb } from '../../test/helpers.ts';
import { multipartBody } from '../../test/images.ts';
import { brokenMultipartBodies } from '../../test/multipart.ts';
import { acceptableFileName, contentDisposition, parseRange } from './http-files.ts';

const LIMIT = 64 * 1024;
const FILES = '/api/panel/versions/files/';
const VERSIONS = '/api/panel/versions/';
const ALL = ['versions.view_version', 'versions.add_version', 'versions.change_version', 'versions.delete_version'];
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('http-files', () => {
  it('parses single byte ranges, ignores what it does not serve, refuses what cannot be satisfied', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('bytes=5-1', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });

  it('accepts plain names and refuses paths, "..", control characters and names over 255 bytes', () => {
    expect(acceptableFileName('ProxyMob-1.2.apk')).toBe(true);
    expect(acceptableFileName('Прокси 1.0.apk')).toBe(true);
    for (const name of ['', 'a/b.apk', 'a\\b.apk', '../x', '..', 'x\u0000.apk', 'x\n.apk', 'x\u202egpj.apk']) {
      expect(acceptableFileName(name), JSON.stringify(name)).toBe(false);
    }
    expect(acceptableFileName('я'.repeat(127) + 'x')).toBe(true);
    expect(acceptableFileName('я'.repeat(128))).toBe(false);
  });

  it('quotes a file name safely for Content-Disposition', () => {
    expect(contentDisposition(`Прокси "1" (new)'s.apk`)).toBe(
      `attachment; filename="______ _1_ (new)'s.apk"; ` +
        `filename*=UTF-8''%D0%9F%D1%80%D0%BE%D0%BA%D1%81%D0%B8%20%221%22%20%28new%29%27s.apk`,
    );
  });
});

describe.each(BACKENDS)('versions API on $name', (backend) => {
  let testDb: SeededTestDb;
  let app: FastifyInstance;
  let clock: ManualClock;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let staffWithout: Record<string, string>;
  let customer: Record<string, string>;

  const versionsDir = () => path.join(testDb.dataDir, 'versions');
  const tmpFiles = async () => readdir(path.join(versionsDir(), 'tmp')).catch(() => [] as string[]);
  const fileRows = async () =>
    (await testDb.db.query<{ count: number }>('SELECT count(*)::int AS count FROM version_files'))[0]?.count;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    clock = manualClock();
    app = await buildTestApp({
      db: testDb.db,
      env: { DATA_DIR: testDb.dataDir, VERSION_MAX_UPLOAD_BYTES: String(LIMIT) },
      now: clock.now,
    });
    const make = async (fixture: { staff?: boolean; permissions?: string[] }) => {
      const user = await createUser(testDb.db, { email: freshEmail('rel'), ...fixture });
      return { ...EN, ...tokenHeader(await login(app, user.email)) };
    };
    admin = await make({ staff: true, permissions: ALL });
    viewer = await make({ staff: true, permissions: ['versions.view_version'] });
    staffWithout = await make({ staff: true, permissions: ['pages.view_page'] });
    customer = await make({ permissions: ALL });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });
  beforeEach(async () => {
    await testDb.db.query('DELETE FROM versions');
  });

  function upload(data: Buffer, filename = 'app.apk', headers: Record<string, string> = admin) {
    const body = multipartBody([{ name: 'file', filename, data }]);
    return app.inject({ method: 'POST', url: FILES, payload: body.payload, headers: { ...body.headers, ...headers } });
  }

  async function uploaded(data: Buffer = randomBytes(5000), filename = 'app.apk'): Promise<VersionFile> {
    const response = await upload(data, filename);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<VersionFile>();
  }

  const release = (fields: Record<string, unknown>) => ({
    platform: 'android',
    version_name: '1.0',
    version_code: 1,
    released_at: '2025-01-15',
    external_url: 'https://example.com/app.apk',
    ...fields,
  });

  const create = (fields: Record<string, unknown>, headers = admin) =>
    app.inject({ method: 'POST', url: VERSIONS, payload: release(fields), headers });

  async function created(fields: Record<string, unknown>): Promise<PanelVersion> {
    const response = await create(fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PanelVersion>();
  }

  const patch = (id: number, payload: Record<string, unknown>, headers = admin) =>
    app.inject({ method: 'PATCH', url: `${VERSIONS}${id}/`, payload, headers });

  describe('permissions', () => {
    it('401 anonymous, 403 for a customer and for staff without the permission', async () => {
      expect((await app.inject({ method: 'GET', url: VERSIONS })).statusCode).toBe(401);
      expect((await upload(Buffer.from('x'), 'a.apk', {})).statusCode).toBe(401);
      for (const headers of [customer, staffWithout]) {
        expect((await app.inject({ method: 'GET', url: VERSIONS, headers })).statusCode).toBe(403);
        expect((await create({}, headers)).statusCode).toBe(403);
        expect((await upload(Buffer.from('x'), 'a.apk', headers)).statusCode).toBe(403);
      }
      expect((await app.inject({ method: 'GET', url: VERSIONS, headers: viewer })).statusCode).toBe(200);
      expect((await create({}, viewer)).statusCode).toBe(403);
      expect((await upload(Buffer.from('x'), 'a.apk', viewer)).statusCode).toBe(403);
      const item = await created({});
      expect((await patch(item.id, { forced: true }, viewer)).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `${VERSIONS}${item.id}/`, headers: viewer })).statusCode).toBe(
        403,
      );
    });
  });

  describe('upload', () => {
    it('stores the file with the SHA-256 and size of its bytes, leaving nothing in the temporary folder', async () => {
      const data = randomBytes(LIMIT - 1);
      const file = await uploaded(data, 'ProxyMob 2.0.apk');
      expect(file).toMatchObject({ name: 'ProxyMob 2.0.apk', size: data.length, sha256: sha256(data) });
      const [row] = await testDb.db.query<{ stored_name: string; uploaded_by: number | null }>(
        'SELECT stored_name, uploaded_by FROM version_files WHERE id = $1',
        [file.id],
      );
      expect((await stat(path.join(versionsDir(), row?.stored_name ?? ''))).size).toBe(data.length);
      expect(row?.uploaded_by).not.toBeNull();
      expect(await tmpFiles()).toEqual([]);
    });

    it('keeps a Cyrillic name as sent', async () => {
      expect((await uploaded(randomBytes(10), 'Прокси 1.0.apk')).name).toBe('Прокси 1.0.apk');
    });

    it('413 over the configured limit: no row, nothing on disk', async () => {
      const rows = await fileRows();
      const before = await readdir(versionsDir()).catch(() => []);
      const response = await upload(randomBytes(LIMIT + 1));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ file: ['The file is too large: at most 0.1 MB.'] });
      expect(await fileRows()).toBe(rows);
      expect(await tmpFiles()).toEqual([]);
      expect((await readdir(versionsDir())).sort()).toEqual([...before].sort());
    });

    it('400 on the file for names with a path, "..", or control characters, or over 255 bytes (ru and en)', async () => {
      const rows = await fileRows();
      for (const name of ['../evil.apk', 'dir/evil.apk', '..', 'evil\u0001.apk', `${'a'.repeat(252)}.apk`]) {
        const response = await upload(Buffer.from('data'), name);
        expect(response.statusCode, name).toBe(400);
        expect(response.json().file[0]).toContain('255 bytes');
      }
      const ru = await upload(Buffer.from('data'), '../x', { ...admin, ...RU });
      expect(ru.json().file[0]).toContain('255 байт');
      expect(await fileRows()).toBe(rows);
      expect(await tmpFiles()).toEqual([]);
    });

    it('400 without a file or with an empty one, 415 for JSON', async () => {
      const none = multipartBody([{ name: 'note', data: 'x' }]);
      const missing = await app.inject({
        method: 'POST',
        url: FILES,
        payload: none.payload,
        headers: { ...none.headers, ...admin },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ file: ['No file was submitted.'] });
      expect((await upload(Buffer.alloc(0))).json()).toEqual({ file: ['The submitted file is empty.'] });
      const json = await app.inject({ method: 'POST', url: FILES, payload: { file: 'x' }, headers: admin });
      expect(json.statusCode).toBe(415);
      expect(await tmpFiles()).toEqual([]);
    });

    it.each(brokenMultipartBodies([{ name: 'file', filename: 'app.apk', data: randomBytes(3000) }]))(
      '400 to a body $label (ru and en): no row, nothing on disk',
      async ({ payload, headers }) => {
        const rows = await fileRows();
        for (const [language, detail] of [
          [RU, 'Искаженный запрос.'],
          [EN, 'Malformed request.'],
        ] as const) {
          const response = await app.inject({
            method: 'POST',
            url: FILES,
            payload,
            headers: { ...headers, ...admin, ...language },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ detail });
        }
        expect(await fileRows()).toBe(rows);
        expect(await tmpFiles()).toEqual([]);
      },
    );

    it('a client gone mid-upload leaves no temporary file and no row', async () => {
      const rows = await fileRows();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const boundary = 'abort-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.apk"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: FILES,
        headers: {
          ...admin,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + LIMIT),
        },
      });
      request.on('error', () => {});
      request.write(head);
      request.write(randomBytes(LIMIT / 2));
      await until(async () => (await tmpFiles()).length > 0, 'the upload to start');
      request.destroy();
      await until(async () => (await tmpFiles()).length === 0, 'the temporary file to go');
      expect(await fileRows()).toBe(rows);
    });

    it('judges `Expect: 100-continue` on the headers: a declared oversize body or a stranger never gets to send it', async () => {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      /** What the server says to a request's headers alone, until it closes or goes quiet for a moment. */
      const answerToHeaders = (headers: Record<string, string>, declared: number) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1');
          let text = '';
          let quiet: NodeJS.Timeout | undefined;
          const done = () => {
            socket.destroy();
            resolve(text);
          };
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => {
            text += chunk;
            clearTimeout(quiet);
            quiet = setTimeout(done, 300);
          });
          socket.on('end', done);
          socket.on('error', reject);
          const lines = Object.entries({
            ...headers,
            host: 'testserver',
            'content-type': 'multipart/form-data; boundary=b',
            'content-length': String(declared),
            expect: '100-continue',
          }).map(([name, value]) => `${name}: ${value}`);
          socket.write(`POST ${FILES} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
        });

      const tooLarge = await answerToHeaders({ ...admin, ...RU }, LIMIT + 10 * 1024 * 1024);
      expect(tooLarge).toMatch(/^HTTP\/1\.1 413 /);
      expect(tooLarge).not.toContain('100 Continue');
      expect(tooLarge).toContain('Файл слишком большой');
      expect(tooLarge.toLowerCase()).toContain('connection: close');

      const stranger = await answerToHeaders(customer, LIMIT);
      expect(stranger).toMatch(/^HTTP\/1\.1 403 /);
      expect(stranger).not.toContain('100 Continue');

      // A body that may fit is asked for.
      expect(await answerToHeaders(admin, LIMIT)).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
      expect(await tmpFiles()).toEqual([]);
    });
  });

  describe('releases', () => {
    it('create, read, list, edit (changelog sanitized) and delete with its file', async () => {
      const data = randomBytes(3000);
      const file = await uploaded(data);
      const item = await created({
        file_id: file.id,
        external_url: null,
        version_code: 7,
        version_name: '1.7',
        changelog_ru: '<p>Исправления<script>alert(1)</script></p>',
      });
      expect(item).toMatchObject({
        platform: 'android',
        channel: 'stable',
        version_code: 7,
        file: { id: file.id, name: 'app.apk', size: 3000, sha256: sha256(data) },
        external_url: null,
        url: `http://testserver/api/versions/files/${file.id}/app.apk`,
        size: 3000,
        sha256: sha256(data),
        changelog_ru: '<p>Исправления</p>',
        published: false,
        forced: false,
      });
      const read = await app.inject({ method: 'GET', url: `${VERSIONS}${item.id}/`, headers: viewer });
      expect(read.json()).toEqual(item);

      await created({ platform: 'windows', version_name: 'win', version_code: 3, published: true });
      const list = await app.inject({ method: 'GET', url: `${VERSIONS}?platform=android`, headers: viewer });
      expect(list.json()).toMatchObject({ count: 1, next: null, previous: null, results: [{ id: item.id }] });
      const published = await app.inject({ method: 'GET', url: `${VERSIONS}?published=true`, headers: viewer });
      expect(published.json().results.map((row: PanelVersion) => row.platform)).toEqual(['windows']);
      const search = await app.inject({ method: 'GET', url: `${VERSIONS}?search=1.7`, headers: viewer });
      expect(search.json().count).toBe(1);
      const ordered = await app.inject({ method: 'GET', url: `${VERSIONS}?ordering=version_code`, headers: viewer });
      expect(ordered.json().results.map((row: PanelVersion) => row.version_code)).toEqual([3, 7]);

      const edited = await patch(item.id, { changelog_en: '<b onclick="x()">Fixes</b>', forced: true });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ changelog_en: '<b>Fixes</b>', forced: true, version_code: 7 });

      const [row] = await testDb.db.query<{ stored_name: string }>(
        'SELECT stored_name FROM version_files WHERE id = $1',
        [file.id],
      );
      const removed = await app.inject({ method: 'DELETE', url: `${VERSIONS}${item.id}/`, headers: admin });
      expect(removed.statusCode).toBe(204);
      expect((await app.inject({ method: 'GET', url: `${VERSIONS}${item.id}/`, headers: admin })).statusCode).toBe(404);
      expect(await testDb.db.query('SELECT 1 FROM version_files WHERE id = $1', [file.id])).toEqual([]);
      await expect(stat(path.join(versionsDir(), row?.stored_name ?? ''))).rejects.toThrow();
      expect((await app.inject({ method: 'DELETE', url: `${VERSIONS}${item.id}/`, headers: admin })).statusCode).toBe(
        404,
      );
    });

    it('a version code must be higher than every other of the platform and channel', async () => {
      const first = await created({ version_code: 10 });
      const same = await create({ version_code: 10 });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({
        version_code: ['The version code must be higher than 10, the highest of this platform and channel.'],
      });
      const lower = await create({ version_code: 5 }, { ...admin, ...RU });
      expect(lower.json().version_code[0]).toContain('больше 10');
      // Other channels and platforms have codes of their own.
      await created({ version_code: 5, channel: 'beta' });
      await created({ version_code: 5, platform: 'linux' });
      const second = await created({ version_code: 11 });

      // An older release's notes may still be edited; its code may only move above all the others.
      expect((await patch(first.id, { changelog_ru: 'ok', version_code: 10 })).statusCode).toBe(200);
      const down = await patch(first.id, { version_code: 9 });
      expect(down.json()).toEqual({
        version_code: ['The version code must be higher than 11, the highest of this platform and channel.'],
      });
      expect((await patch(second.id, { version_code: 12 })).statusCode).toBe(200);
      expect((await patch(first.id, { version_code: 13 })).statusCode).toBe(200);
      // Moving to another channel is judged against that channel's codes.
      const moved = await patch(second.id, { channel: 'beta', version_code: 5 });
      expect(moved.json().version_code[0]).toContain('higher than 5');
    });

    it('exactly one of file_id and external_url, a file that exists and no other release names', async () => {
      const neither = await create({ external_url: null });
      expect(neither.json()).toEqual({ file_id: ['Upload a file or give an external URL.'] });
      const file = await uploaded();
      const both = await create({ file_id: file.id });
      expect(both.json()).toEqual({ external_url: ['Give either an uploaded file or an external URL, not both.'] });
      const unknown = await create({ file_id: 999_999, external_url: null });
      expect(unknown.json()).toEqual({ file_id: ['There is no uploaded file with this id.'] });
      const insecure = await create({ external_url: 'http://example.com/app.apk' });
      expect(insecure.statusCode).toBe(400);
      expect(Object.keys(insecure.json())).toEqual(['external_url']);

      const owner = await created({ file_id: file.id, external_url: null, version_code: 1 });
      const taken = await create({ file_id: file.id, external_url: null, version_code: 2 });
      expect(taken.json().file_id[0]).toContain('another release');
      // Switching a release to an external URL needs its file let go of in the same change.
      expect((await patch(owner.id, { external_url: 'https://example.com/b.apk' })).statusCode).toBe(400);
      const switched = await patch(owner.id, { file_id: null, external_url: 'https://example.com/b.apk' });
      expect(switched.json()).toMatchObject({ file: null, url: 'https://example.com/b.apk', size: null });
    });
  });

  describe('public', () => {
    it('latest: the newest published release in the request language, with an ETag, 304 and 404', async () => {
      const none = await app.inject({ method: 'GET', url: '/api/versions/latest?platform=android', headers: EN });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ detail: 'No published release for this platform and channel.' });
      const bad = await app.inject({ method: 'GET', url: '/api/versions/latest?platform=ios&channel=x', headers: EN });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['channel', 'platform']);

      const data = randomBytes(100);
      const file = await uploaded(data);
      await created({
        file_id: file.id,
        external_url: null,
        version_code: 20,
        version_name: '2.0',
        published: true,
        forced: true,
        changelog_ru: '<p>Русский</p>',
      });
      await created({ version_code: 21, version_name: '2.1-draft' });
      await created({ version_code: 30, channel: 'beta', published: true, changelog_en: '<p>Beta</p>' });

      const url = '/api/versions/latest?platform=android&channel=stable';
      const en = await app.inject({ method: 'GET', url, headers: EN });
      expect(en.statusCode).toBe(200);
      expect(en.json()).toEqual({
        versionCode: 20,
        versionName: '2.0',
        url: `http://testserver/api/versions/files/${file.id}/app.apk`,
        size: 100,
        sha256: sha256(data),
        forced: true,
        notes: '<p>Русский</p>',
        releasedAt: '2025-01-15',
      });
      expect(en.headers['cache-control']).toBe('public, max-age=60');
      const etag = en.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await app.inject({ method: 'GET', url, headers: { ...EN, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const beta = await app.inject({ method: 'GET', url: '/api/versions/latest?platform=android&channel=beta' });
      expect(beta.json()).toMatchObject({ versionCode: 30, notes: '', size: null, sha256: null });
      const betaEn = await app.inject({
        method: 'GET',
        url: '/api/versions/latest?platform=android&channel=beta',
        headers: EN,
      });
      expect(betaEn.json().notes).toBe('<p>Beta</p>');
      expect(betaEn.headers.etag).not.toBe(beta.headers.etag);
    });

    it('downloads: the latest published stable release of each platform, in platform order', async () => {
      await created({ platform: 'linux', version_code: 1, published: true });
      await created({ platform: 'android', version_code: 1, published: true });
      await created({ platform: 'android', version_code: 2, version_name: '2', published: true });
      await created({ platform: 'android', version_code: 3, version_name: 'draft' });
      await created({ platform: 'windows', version_code: 9, channel: 'beta', published: true });
      const response = await app.inject({ method: 'GET', url: '/api/versions/downloads/', headers: EN });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((row: { platform: string; version_name: string }) => row.platform)).toEqual([
        'android',
        'linux',
      ]);
      expect(response.json()[0]).toMatchObject({
        version_name: '2',
        file_name: null,
        url: 'https://example.com/app.apk',
      });
    });

    it("downloads: each release's notes in the request's language, the Russian ones only where no English exist (#49)", async () => {
      await created({
        platform: 'android',
        version_code: 5,
        published: true,
        changelog_ru: '<p>Быстрее смена IP</p>',
        changelog_en: '<p>Faster IP rotation</p>',
      });
      await created({ platform: 'linux', version_code: 2, published: true, changelog_ru: '<p>Только по-русски</p>' });
      const notes = async (headers: Record<string, string>) => {
        const response = await app.inject({ method: 'GET', url: '/api/versions/downloads/', headers });
        expect(response.statusCode).toBe(200);
        return response.json<{ platform: string; notes: string }[]>().map(({ platform, notes }) => [platform, notes]);
      };
      expect(await notes(EN)).toEqual([
        ['android', '<p>Faster IP rotation</p>'],
        ['linux', '<p>Только по-русски</p>'],
      ]);
      expect(await notes(RU)).toEqual([
        ['android', '<p>Быстрее смена IP</p>'],
        ['linux', '<p>Только по-русски</p>'],
      ]);
    });

    it('files: whole, ranges (first bytes, suffix), 416, a resumed download reassembles; unpublished: 404', async () => {
      const data = randomBytes(10_000);
      const file = await uploaded(data, 'Прокси.apk');
      const item = await created({ file_id: file.id, external_url: null, version_code: 40 });
      const url = `/api/versions/files/${file.id}/${encodeURIComponent('Прокси.apk')}`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      await patch(item.id, { published: true });

      const whole = await app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(data)).toBe(true);
      expect(whole.headers).toMatchObject({
        'content-length': '10000',
        'content-type': 'application/vnd.android.package-archive',
        'accept-ranges': 'bytes',
        etag: `"${sha256(data)}"`,
        'content-disposition': `attachment; filename="______.apk"; filename*=UTF-8''${encodeURIComponent('Прокси.apk')}`,
      });
      expect(whole.headers.vary).toBeUndefined();

      const first = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe('bytes 0-99/10000');
      expect(first.rawPayload.equals(data.subarray(0, 100))).toBe(true);
      const suffix = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
      expect(suffix.headers['content-range']).toBe('bytes 9900-9999/10000');
      expect(suffix.rawPayload.equals(data.subarray(9900))).toBe(true);
      const beyond = await app.inject({ method: 'GET', url, headers: { range: 'bytes=10000-' } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */10000');
      const stale = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9', 'if-range': '"other"' } });
      expect(stale.statusCode).toBe(200);

      // A download cut after 4321 bytes, resumed from there.
      const resumed = await app.inject({ method: 'GET', url, headers: { range: 'bytes=4321-' } });
      expect(resumed.statusCode).toBe(206);
      const whole2 = Buffer.concat([whole.rawPayload.subarray(0, 4321), resumed.rawPayload]);
      expect(sha256(whole2)).toBe(file.sha256);

      expect((await app.inject({ method: 'GET', url: `/api/versions/files/${file.id}/other.apk` })).statusCode).toBe(
        404,
      );
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('10000');
    });
  });

  describe('prune job', () => {
    it('deletes files no release names a day after upload, and stray files on disk; keeps the ones in use', async () => {
      const used = await uploaded();
      const unused = await uploaded();
      await created({ file_id: used.id, external_url: null });
      const { writeFile, utimes } = await import('node:fs/promises');
      const stray = path.join(versionsDir(), '00000000-0000-0000-0000-000000000000');
      await writeFile(stray, 'left by a crash');
      const old = new Date(Date.now() - 2 * DAY_MS);
      await utimes(stray, old, old);

      expect(await app.jobs.runOne('versions.files.prune')).toBe(1);
      await expect(stat(stray)).rejects.toThrow();
      expect(await testDb.db.query('SELECT 1 FROM version_files WHERE id = $1', [unused.id])).toHaveLength(1);

      clock.advance(DAY_MS + 60_000);
      try {
        expect(await app.jobs.runOne('versions.files.prune')).toBeGreaterThanOrEqual(1);
        expect(await testDb.db.query('SELECT 1 FROM version_files WHERE id = $1', [unused.id])).toEqual([]);
        expect(await testDb.db.query('SELECT 1 FROM version_files WHERE id = $1', [used.id])).toHaveLength(1);
        const names = await testDb.db.query<{ stored_name: string }>('SELECT stored_name FROM version_files');
        const onDisk = (await readdir(versionsDir())).filter((name) => name !== 'tmp');
        expect(onDisk.sort()).toEqual(names.map((row) => row.stored_name).sort());
        expect(await app.jobs.runOne('versions.files.prune')).toBe(0);
      } finally {
        clock.set(Date.now());
      }
    });
  });

  // PGlite has one connection: two requests never overlap there, so the race exists on PostgreSQL alone (declared
  // only there rather than skipped on PGlite).
  if (backend.name === 'postgres')
    describe('races', () => {
      it('two creates with one code at once: one 201, one 400', async () => {
        for (let round = 0; round < 5; round += 1) {
          const answers = await Promise.all([
            create({ version_code: 100 + round }),
            create({ version_code: 100 + round }),
          ]);
          expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
        }
        // A lower code created at the same moment as a higher one: the order decides, never both.
        const pair = await Promise.all([create({ version_code: 200 }), create({ version_code: 199 })]);
        const codes = (await testDb.db.query<{ code: number }>('SELECT max(version_code) AS code FROM versions'))[0];
        expect(codes?.code).toBe(200);
        expect(pair[0]?.statusCode).toBe(201);
      });
    });
});
