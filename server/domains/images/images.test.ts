// The image API as clients see it: who may upload, what an upload becomes, what bad files get (a clear 4xx and
// nothing kept), and how variants are served (allow-listed sizes, never enlarged, cached, ETag, a capped queue).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Image } from '@proxy/contract/images';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, EN, freshEmail, login, RU, tokenHeader } from '../../test/accounts.ts';
import { RenderQueue } from './render-queue.ts';
import { BACKENDS, buildTestApp, openSeededDb, type TestDb } from '../../test/helpers.ts';
import { multipartBody, pngBomb, testImage, type FilePart } from '../../test/images.ts';
import { brokenMultipartBodies } from '../../test/multipart.ts';

const UPLOAD = '/api/users/images/';
const IMAGE_MESSAGES = {
  type: {
    ru: 'Загрузите изображение JPEG, PNG или WebP. Файлы других типов не принимаются, как бы они ни назывались.',
    en: 'Upload a JPEG, PNG or WebP image. Other file types are not accepted, whatever their name.',
  },
  invalid: {
    ru: 'Загрузите корректное изображение. Загруженный файл не является изображением, либо является испорченным.',
    en: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
  },
  pixels: {
    ru: 'Изображение слишком большое: не более 40 мегапикселей и 10000 пикселей по каждой стороне.',
    en: 'The image is too large: at most 40 megapixels and 10000 pixels on each side.',
  },
};

describe.each(BACKENDS)('images API on $name', (backend) => {
  let testDb: TestDb;
  let dataDir: string;
  let app: FastifyInstance;
  /** Tokens of staff allowed to upload: one who edits pages, one who edits payment methods. */
  let editor: string;
  let editorId: number;
  let paymentsEditor: string;
  let customer: string;
  let staffWithout: string;

  beforeAll(async () => {
    testDb = await openSeededDb(backend);
    dataDir = await mkdtemp(path.join(tmpdir(), 'images-api-'));
    app = await buildTestApp({ db: testDb.db, env: { DATA_DIR: dataDir } });
    const make = async (fixture: { staff?: boolean; permissions?: string[] }) => {
      const user = await createUser(testDb.db, { email: freshEmail('img'), ...fixture });
      return { id: user.id, token: await login(app, user.email) };
    };
    const pages = await make({ staff: true, permissions: ['pages.view_page', 'pages.change_page'] });
    editor = pages.token;
    editorId = pages.id;
    paymentsEditor = (await make({ staff: true, permissions: ['payments.add_paymentmethod'] })).token;
    customer = (await make({})).token;
    staffWithout = (await make({ staff: true, permissions: ['pages.view_page', 'users.change_user'] })).token;
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  function upload(parts: readonly FilePart[], token: string | null = editor, headers: Record<string, string> = {}) {
    const body = multipartBody(parts);
    return app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? tokenHeader(token) : {}), ...headers },
    });
  }

  const uploadFile = (data: Buffer, filename = 'photo.jpg', token: string | null = editor) =>
    upload([{ name: 'file', filename, contentType: 'image/jpeg', data }], token);

  async function uploaded(data: Buffer): Promise<Image> {
    const response = await uploadFile(data);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Image>();
  }

  /** What a bad upload must leave behind: no row and no file beyond those already there. */
  async function stored(): Promise<{ rows: number; files: string[] }> {
    const [row] = await testDb.db.query<{ count: number }>('SELECT count(*)::int AS count FROM images');
    let files: string[] = [];
    try {
      files = (await readdir(path.join(dataDir, 'images'))).filter((name) => name !== 'cache').sort();
    } catch {
      // No upload yet.
    }
    return { rows: row?.count ?? 0, files };
  }

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const pixels = (response: LightMyRequestResponse) => sharp(response.rawPayload).metadata();
  /** The RGB of one pixel of an encoded image. */
  async function pixelAt(data: Buffer, x: number, y: number): Promise<number[]> {
    const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const offset = (y * info.width + x) * info.channels;
    return [...raw.subarray(offset, offset + 3)];
  }
  const isRed = ([r, g, b]: number[]) => (r ?? 0) > 200 && (g ?? 255) < 60 && (b ?? 255) < 60;
  const isBlue = ([r, g, b]: number[]) => (r ?? 255) < 60 && (g ?? 255) < 60 && (b ?? 0) > 200;

  describe('POST /api/users/images/ permissions', () => {
    it('answers 401 to an anonymous visitor and keeps nothing', async () => {
      const before = await stored();
      const response = await uploadFile(await testImage({ width: 20, height: 20, format: 'png' }), 'a.png', null);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Token');
      expect(response.json()).toEqual({ detail: 'Учетные данные не были предоставлены.' });
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['a customer', () => customer],
      ['staff without a page or payment-method permission', () => staffWithout],
    ])('answers 403 to %s and keeps nothing', async (_who, token) => {
      const before = await stored();
      const image = await testImage({ width: 20, height: 20, format: 'png' });
      const response = await upload([{ name: 'file', filename: 'a.png', data: image }], token(), EN);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['staff who edit pages', () => editor],
      ['staff who add payment methods', () => paymentsEditor],
    ])('lets %s upload', async (_who, token) => {
      const response = await uploadFile(await testImage({ width: 20, height: 10, format: 'png' }), 'a.png', token());
      expect(response.statusCode).toBe(201);
    });
  });

  describe('POST /api/users/images/ with good files', () => {
    it.each(['jpeg', 'png', 'webp'] as const)(
      'stores a %s and answers with its id, host, format and size',
      async (format) => {
        const before = await stored();
        const data = await testImage({ width: 64, height: 48, format });
        const response = await upload([
          { name: 'file', filename: `picture.${format}`, contentType: `image/${format}`, data },
        ]);
        expect(response.statusCode, response.body).toBe(201);
        const image = response.json<Image>();
        expect(image).toEqual({
          id: expect.any(Number),
          file_parse: { host: 'http://testserver', format },
          width: 64,
          height: 48,
          url: `http://testserver/api/users/images/${image.id}.${format}`,
        });
        const [row] = await testDb.db.query<{ uploaded_by: number; format: string; bytes: number; sha256: string }>(
          'SELECT uploaded_by, format, bytes, sha256 FROM images WHERE id = $1',
          [image.id],
        );
        expect(row).toMatchObject({ uploaded_by: editorId, format });
        const file = await readFile(path.join(dataDir, 'images', `${image.id}.${format}`));
        expect(file.length).toBe(row?.bytes);
        // Only the final file: no temporary file left next to it.
        expect((await stored()).files).toEqual([...before.files, `${image.id}.${format}`].sort());

        const served = await get(`/api/users/images/${image.id}.${format}`);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.rawPayload.equals(file)).toBe(true);
        expect(await pixels(served)).toMatchObject({ format, width: 64, height: 48 });
      },
    );

    it('turns a photo upright by its EXIF orientation and drops its EXIF (GPS, camera)', async () => {
      const data = await testImage({ width: 300, height: 200, format: 'jpeg', orientation: 6, privateExif: true });
      expect((await sharp(data).metadata()).exif).toBeDefined();
      const image = await uploaded(data);
      expect(image).toMatchObject({ width: 200, height: 300 });
      const served = await get(`/api/users/images/${image.id}.jpeg`);
      const metadata = await pixels(served);
      expect(metadata).toMatchObject({ width: 200, height: 300 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.rawPayload.includes('TestCam')).toBe(false);
      // Turned 90° clockwise: the red left half is now on top.
      expect(isRed(await pixelAt(served.rawPayload, 100, 10))).toBe(true);
      expect(isBlue(await pixelAt(served.rawPayload, 100, 290))).toBe(true);
    });

    it('ignores the name and the declared type: a PNG called .jpg stays a PNG', async () => {
      const image = await uploaded(await testImage({ width: 10, height: 10, format: 'png' }));
      expect(image.file_parse.format).toBe('png');
    });
  });

  describe('POST /api/users/images/ with bad input: a clear 4xx and nothing kept', () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );

    it.each([
      ['HTML named photo.jpg', () => html, 'type'],
      ['SVG named photo.jpg', () => svg, 'type'],
      [
        'a GIF',
        () =>
          sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        'type',
      ],
      [
        'a JPEG cut short',
        async () => (await testImage({ width: 400, height: 300, format: 'jpeg' })).subarray(0, 300),
        'invalid',
      ],
      [
        'JPEG magic bytes and garbage',
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        'invalid',
      ],
      ['a decompression bomb (20000×20000 PNG of ~50 KB)', () => pngBomb(20_000, 20_000), 'pixels'],
      ['a 12000×10 strip (over 10000 on a side)', () => pngBomb(12_000, 10), 'pixels'],
    ] as const)('%s: 400 on the file field in ru and en', async (_label, make, problem) => {
      const data = await make();
      const before = await stored();
      const ru = await uploadFile(data);
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({ file: [IMAGE_MESSAGES[problem].ru] });
      const en = await upload([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data }], editor, EN);
      expect(en.json()).toEqual({ file: [IMAGE_MESSAGES[problem].en] });
      expect(await stored()).toEqual(before);
    });

    it('answers 413 to a file over 10 MB, reading no further', async () => {
      const before = await stored();
      const data = Buffer.concat([
        await testImage({ width: 10, height: 10, format: 'jpeg' }),
        Buffer.alloc(10 * 1024 * 1024),
      ]);
      const response = await uploadFile(data);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ file: ['Файл слишком большой: не более 10 МБ.'] });
      const en = await upload([{ name: 'file', filename: 'big.jpg', data }], editor, EN);
      expect(en.json()).toEqual({ file: ['The file is too large: at most 10 MB.'] });
      expect(await stored()).toEqual(before);
    });

    it('answers 400 to an empty file, a missing file and a file under another name', async () => {
      const before = await stored();
      const empty = await uploadFile(Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ file: ['Загруженный файл пуст.'] });
      const none = await upload([{ name: 'title', data: 'hello' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ file: ['Не был загружен файл.'] });
      const image = await testImage({ width: 10, height: 10, format: 'png' });
      const elsewhere = await upload([{ name: 'image', filename: 'a.png', data: image }], editor, EN);
      expect(elsewhere.json()).toEqual({ file: ['No file was submitted.'] });
      expect(await stored()).toEqual(before);
    });

    it('answers 400 to two files instead of silently keeping one', async () => {
      const before = await stored();
      const image = await testImage({ width: 10, height: 10, format: 'png' });
      const response = await upload([
        { name: 'file', filename: 'a.png', data: image },
        { name: 'file', filename: 'b.png', data: image },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ file: ['Отправьте только один файл.'] });
      expect(await stored()).toEqual(before);
    });

    it('answers 415 to JSON and 400 to broken multipart framing', async () => {
      const json = await app.inject({
        method: 'POST',
        url: UPLOAD,
        payload: { file: 'x' },
        headers: tokenHeader(editor),
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ detail: 'Неподдерживаемый тип данных "application/json" в запросе.' });
      const broken = await app.inject({
        method: 'POST',
        url: UPLOAD,
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...tokenHeader(editor) },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ detail: 'Искаженный запрос.' });
    });

    it.each(brokenMultipartBodies([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: 'not read' }]))(
      'answers 400 to a body $label, in ru and en',
      async ({ payload, headers }) => {
        const before = await stored();
        for (const [language, detail] of [
          [RU, 'Искаженный запрос.'],
          [EN, 'Malformed request.'],
        ] as const) {
          const response = await app.inject({
            method: 'POST',
            url: UPLOAD,
            payload,
            headers: { ...headers, ...tokenHeader(editor), ...language },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ detail });
        }
        expect(await stored()).toEqual(before);
      },
    );
  });

  describe('POST /api/users/images/ over a connection: judged on its headers, refused at the limit (#43)', () => {
    const LIMIT = 10 * 1024 * 1024;
    const TOO_LARGE = '{"file":["The file is too large: at most 10 MB."]}';
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });

    /** A connection that has sent an upload's request line and headers, and nothing of its body yet. */
    function startUpload(headers: Record<string, string>): { socket: Socket; received: () => string } {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      // The server closes a connection whose body it will not read; what the client still writes then fails.
      socket.on('error', () => {});
      const lines = Object.entries({ host: 'testserver', 'accept-language': 'en', ...headers }).map(
        ([name, value]) => `${name}: ${value}`,
      );
      socket.write(`POST ${UPLOAD} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      return { socket, received: () => text };
    }

    /** Resolves with what the server said once it has said `enough`; rejects if the connection closes before. */
    function whenAnswered(upload: ReturnType<typeof startUpload>, enough: (text: string) => boolean) {
      return new Promise<string>((resolve, reject) => {
        const check = () => {
          if (!enough(upload.received())) return;
          upload.socket.off('data', check);
          resolve(upload.received());
        };
        upload.socket.on('data', check);
        upload.socket.once('close', () => {
          if (enough(upload.received())) resolve(upload.received());
          else reject(new Error(`closed after: ${upload.received()}`));
        });
        check();
      });
    }

    /** A whole final answer: its head and as many body bytes as its Content-Length says (after any interim 100). */
    const finalAnswer = (text: string) => {
      const start = text.startsWith('HTTP/1.1 100 ') ? text.indexOf('\r\n\r\n') + 4 : 0;
      const headEnd = text.indexOf('\r\n\r\n', start);
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(start, headEnd))?.[1];
      return headEnd > 0 && length !== undefined && text.length >= headEnd + 4 + Number(length);
    };

    it('answers 413 to a body declared too large before a byte of it is sent, and closes the connection', async () => {
      const before = await stored();
      const upload = startUpload({
        ...tokenHeader(editor),
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(50 * 1024 * 1024),
      });
      const answer = await whenAnswered(upload, finalAnswer);
      upload.socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(answer.endsWith(TOO_LARGE)).toBe(true);
      expect(await stored()).toEqual(before);
    });

    it('answers `Expect: 100-continue` at once: 100 to an upload that may fit, the refusal to one that may not', async () => {
      // Noise does not compress: a PNG over the 1 MiB of other bodies and under the upload limit.
      const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(1024 * 1024);
      const body = multipartBody([{ name: 'file', filename: 'noise.png', contentType: 'image/png', data: noise }]);
      const expecting = (token: string | null, declared: number) =>
        startUpload({
          ...(token ? tokenHeader(token) : {}),
          ...body.headers,
          'content-length': String(declared),
          expect: '100-continue',
        });

      const fits = expecting(editor, body.payload.length);
      expect(await whenAnswered(fits, (text) => text.includes('\r\n\r\n'))).toBe('HTTP/1.1 100 Continue\r\n\r\n');
      fits.socket.write(body.payload);
      const created = await whenAnswered(fits, finalAnswer);
      fits.socket.destroy();
      expect(created).toMatch(/\r\n\r\nHTTP\/1\.1 201 /);

      const before = await stored();
      for (const [token, declared, status] of [
        [null, body.payload.length, 401],
        [customer, body.payload.length, 403],
        [editor, 50 * 1024 * 1024, 413],
      ] as const) {
        const refused = expecting(token, declared);
        const answer = await whenAnswered(refused, finalAnswer);
        refused.socket.destroy();
        expect(answer.startsWith(`HTTP/1.1 ${status} `), answer).toBe(true);
      }
      expect(await stored()).toEqual(before);
    });

    it('answers 413 to a body without a Content-Length as soon as its file passes the limit', async () => {
      const before = await stored();
      const upload = startUpload({
        ...tokenHeader(editor),
        'content-type': 'multipart/form-data; boundary=b',
        'transfer-encoding': 'chunked',
      });
      const chunk = (data: Buffer | string) => {
        const bytes = Buffer.from(data);
        upload.socket.write(`${bytes.length.toString(16)}\r\n`);
        upload.socket.write(bytes);
        upload.socket.write('\r\n');
      };
      chunk('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n');
      // A megabyte past the limit, and then nothing: neither the file's end nor the body's ever comes.
      for (let sent = 0; sent <= LIMIT; sent += 1024 * 1024) chunk(Buffer.alloc(1024 * 1024, 7));
      const answer = await whenAnswered(upload, finalAnswer);
      upload.socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(answer.endsWith(TOO_LARGE)).toBe(true);
      expect(await stored()).toEqual(before);
    });
  });

  describe('GET /api/users/images/{id}[-{w}x{h}][-c].{format}', () => {
    /** 1200×800: left half red, right half blue. */
    let photo: Image;
    beforeAll(async () => {
      photo = await uploaded(await testImage({ width: 1200, height: 800, format: 'jpeg' }));
    });
    const url = (suffix: string) => `/api/users/images/${photo.id}${suffix}`;

    it.each([
      ['fits inside a box, ratio kept', '-640x480.webp', 'webp', 640, 427],
      ['fits a width', '-320x0.png', 'png', 320, 213],
      ['crops to fill a box', '-640x640-c.jpg', 'jpeg', 640, 640],
      ['converts the whole image', '.webp', 'webp', 1200, 800],
      ['never enlarges a fit', '-1920x1440.png', 'png', 1200, 800],
      ['never enlarges a crop, keeping its ratio', '-1920x1080-c.webp', 'webp', 1200, 675],
    ])('%s (%s)', async (_label, suffix, format, width, height) => {
      const response = await get(url(suffix));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${format}`);
      expect(await pixels(response)).toMatchObject({ format, width, height });
    });

    it('crops around the centre', async () => {
      const response = await get(url('-160x160-c.png'));
      // The middle 800×800 of the source: red on the left, blue on the right.
      expect(isRed(await pixelAt(response.rawPayload, 5, 80))).toBe(true);
      expect(isBlue(await pixelAt(response.rawPayload, 154, 80))).toBe(true);
    });

    it('sends long-lived cache headers, a strong ETag and nosniff, and no language Vary', async () => {
      const response = await get(url('-480x360.webp'), EN);
      expect(response.headers).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        etag: expect.stringMatching(/^"[0-9a-f]{16}-\d+-480x360\.webp"$/),
      });
      expect(response.headers.vary).toBeUndefined();
      expect(response.headers['content-language']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    });

    it('answers 304 to a matching If-None-Match, 200 to a stale one', async () => {
      const first = await get(url('-320x240.jpeg'));
      const etag = String(first.headers.etag);
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url('-320x240.jpeg'), { 'if-none-match': header });
        expect(again.statusCode, header).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const stale = await get(url('-320x240.jpeg'), { 'if-none-match': '"0000000000000000-1-320x240.jpeg"' });
      expect(stale.statusCode).toBe(200);
      // `jpg` and `jpeg` are one variant: one ETag.
      expect((await get(url('-320x240.jpg'))).headers.etag).toBe(etag);
    });

    it('keeps each render on disk under its canonical name and serves that file afterwards', async () => {
      const file = path.join(dataDir, 'images', 'cache', String(photo.id), `${photo.id}-960x720-c.jpeg`);
      await expect(stat(file)).rejects.toThrow();
      const first = await get(url('-960x720-c.jpg'));
      expect(first.statusCode).toBe(200);
      expect((await readFile(file)).equals(first.rawPayload)).toBe(true);

      // Whatever is in the cache file is what is served: replace it and the next answer changes with it.
      const marker = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0f0' } })
        .jpeg()
        .toBuffer();
      await writeFile(file, marker);
      const second = await get(url('-960x720-c.jpeg'));
      expect(second.rawPayload.equals(marker)).toBe(true);
      // An empty cache file (a render cut short) is rendered again.
      await writeFile(file, '');
      const third = await get(url('-960x720-c.jpeg'));
      expect(await pixels(third)).toMatchObject({ width: 960, height: 720 });
      expect((await readFile(file)).equals(third.rawPayload)).toBe(true);
    });

    it('answers HEAD with the headers alone', async () => {
      const response = await app.inject({ method: 'HEAD', url: url('.jpeg') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.body).toBe('');
    });

    it.each([
      ['-641x480.webp', 'Size 641x480 is not in the list of allowed sizes'],
      ['-0640x0480.webp', 'Size 0640x0480 is not in the list of allowed sizes'],
      ['-20000x20000.png', 'Size 20000x20000 is not in the list of allowed sizes'],
      ['.gif', 'Format "gif" is not supported. Use one of: webp, jpeg, png.'],
      ['-c.png', 'Cropping (-c) needs a size with both a width and a height, e.g. -640x480-c.'],
      ['-640x0-c.png', 'Cropping (-c) needs a size with both a width and a height'],
    ])('answers 400 to %s', async (suffix, text) => {
      const response = await get(url(suffix), EN);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(text);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('says which sizes are allowed, in Russian by default', async () => {
      const response = await get(url('-641x480.webp'));
      expect(response.json().detail).toMatch(
        /^Размер 641x480 не входит в список допустимых: 160x0, 320x0, .*1920x1080\.$/,
      );
    });

    it.each(['999999.webp', '999999-640x480.webp', 'abc.png', '0.png', '01.png', '99999999999.png'])(
      'answers 404 to %s',
      async (name) => {
        const response = await get(`/api/users/images/${name}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Страница не найдена.' });
        expect(response.headers['cache-control']).toBe('no-store');
      },
    );
  });

  describe('the render queue', () => {
    let busyApp: FastifyInstance;
    let big: Image;
    // One render at a time and no waiting: while the slot is taken, a render is refused.
    const queue = new RenderQueue({ concurrency: 1, maxQueue: 0 });
    beforeAll(async () => {
      busyApp = await buildTestApp({ db: testDb.db, env: { DATA_DIR: dataDir }, images: { queue } });
      big = await uploaded(await testImage({ width: 4000, height: 3000, format: 'jpeg' }));
    });
    afterAll(async () => {
      await busyApp.close();
    });

    it('answers 503 + Retry-After when the queue is full, and renders once it is free', async () => {
      let release = () => {};
      const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
      const refused = await busyApp.inject(`/api/users/images/${big.id}-320x240.webp`);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json()).toEqual({
        detail: 'Сейчас готовится слишком много изображений. Повторите запрос через несколько секунд.',
      });
      release();
      await held;
      const served = await busyApp.inject(`/api/users/images/${big.id}-320x240.webp`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('shares one render among simultaneous requests for the same variant', async () => {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => busyApp.inject(`/api/users/images/${big.id}-960x540-c.png`)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    });
  });
});
