import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbUnavailableError } from '../db/db.ts';
import { BACKENDS, seededApp } from '../test/helpers.ts';
import { defineList, listQuerySchema } from '@proxy/contract/schemas/list-query';
import { defineRefusals } from '../lib/refusal.ts';
import { jsonSchemaOf } from '../lib/schemas.ts';
import errorsPlugin from './errors.ts';
import jsonBodyPlugin from './json-body.ts';
import languagePlugin from './language.ts';

const EN = { 'accept-language': 'en' };

/** The error plugins on their own, with routes that fail in each way a real route can. */
async function buildErrorsApp(logLines: string[]): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1024,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { allErrors: true, verbose: true } },
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  app.post(
    '/api/echo/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'name'],
          properties: {
            email: { type: 'string', format: 'email' },
            name: { type: 'string', minLength: 1, maxLength: 5 },
            kind: { type: 'string', enum: ['a', 'b'] },
            address: {
              type: 'object',
              required: ['city'],
              properties: { city: { type: 'string' }, zip: { type: 'integer' } },
            },
          },
        },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/api/list/',
    {
      schema: {
        querystring: jsonSchemaOf(
          listQuerySchema(
            defineList({
              orderings: ['email'],
              filters: {
                status: { type: 'list', choices: ['active', 'blocked'] },
                balance: { type: 'range' },
                joined: { type: 'date_range' },
              },
            }),
          ),
        ),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/boom/', async () => {
    throw new Error('password=hunter2 in SELECT * FROM secrets');
  });
  app.get('/api/db-down/', async () => {
    throw new DbUnavailableError(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  });
  await app.ready();
  return app;
}

describe('DRF-style errors', () => {
  const logLines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildErrorsApp(logLines);
  });
  afterAll(() => app.close());

  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/echo/',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('answers malformed JSON with 400 and the parse error', async () => {
    const response = await post('{"email": ', EN);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json().detail).toMatch(/^JSON parse error - .+/);
  });

  it('refuses prototype-poisoning and too deeply nested JSON as parse errors', async () => {
    const poisoned = await post('{"__proto__": {"admin": true}, "email": "a@b.c", "name": "x"}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().detail).toMatch(/^JSON parse error - /);
    const deep = await post(`${'['.repeat(100)}${']'.repeat(100)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ detail: 'JSON parse error - nesting deeper than 32 levels' });
  });

  it('collects every field error, by field, in the request language', async () => {
    const en = await post(JSON.stringify({ email: 'nope', name: '', kind: 'c', address: { zip: 'x' } }), EN);
    expect(en.statusCode).toBe(400);
    expect(en.headers['content-language']).toBe('en');
    expect(en.json()).toEqual({
      email: ['Enter a valid email address.'],
      name: ['This field may not be blank.'],
      kind: ['"c" is not a valid choice.'],
      address: { city: ['This field is required.'], zip: ['A valid integer is required.'] },
    });
    const ru = await post('{}');
    expect(ru.json()).toEqual({ email: ['Обязательное поле.'], name: ['Обязательное поле.'] });
    expect(ru.headers['content-language']).toBe('ru');
  });

  it("words a bad list filter as DRF words that field's kind: a choice, an integer, a date", async () => {
    const response = await app.inject({
      url: '/api/list/?status=active,gone&balance_min=ten&joined_after=2026-13-01&ordering=name',
      headers: EN,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: ['"active,gone" is not a valid choice.'],
      balance_min: ['A valid integer is required.'],
      joined_after: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      ordering: ['"name" is not a valid choice.'],
    });
    const fine = await app.inject({ url: '/api/list/?status=blocked&balance_max=-5&joined_before=2026-02-28' });
    expect(fine.statusCode).toBe(200);
  });

  it('reports a body that is not an object as non_field_errors', async () => {
    const response = await post('[1, 2]', EN);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });

  it('refuses a body over the limit with 413 before parsing it', async () => {
    const response = await post(JSON.stringify({ email: 'a@b.c', name: 'x'.repeat(2000) }), EN);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('refuses an unsupported media type with 415', async () => {
    const response = await post('email=a', { ...EN, 'content-type': 'text/csv' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported media type "text/csv" in request.' });
  });

  it('hides the message of a 500 from the client and logs it', async () => {
    logLines.length = 0;
    const ru = await app.inject('/api/boom/');
    expect(ru.statusCode).toBe(500);
    expect(ru.json()).toEqual({ detail: 'Произошла ошибка сервера.' });
    expect(ru.body).not.toContain('hunter2');
    const en = await app.inject({ url: '/api/boom/', headers: EN });
    expect(en.json()).toEqual({ detail: 'A server error occurred.' });
    expect(logLines.join('')).toContain('SELECT * FROM secrets');
  });

  it('answers 503 with Retry-After while the database is unreachable', async () => {
    const response = await app.inject({ url: '/api/db-down/', headers: EN });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ detail: 'Service temporarily unavailable, try again later.' });
  });
});

describe.each(BACKENDS)('unknown API paths and methods on $name', (backend) => {
  const suite = seededApp(backend);

  it.each(['/api/nope/', '/api/nope', '/api', '/api/pages/about/extra/'])(
    '%s is a JSON 404 in ru and en',
    async (url) => {
      const ru = await suite.app.inject(url);
      expect(ru.statusCode).toBe(404);
      expect(ru.json()).toEqual({ detail: 'Страница не найдена.' });
      expect(ru.headers['content-language']).toBe('ru');
      expect(ru.headers.vary).toBe('Accept, Accept-Language');
      const en = await suite.app.inject({ url, headers: { 'accept-language': 'en-GB,en;q=0.8,ru;q=0.5' } });
      expect(en.json()).toEqual({ detail: 'Not found.' });
      expect(en.headers['content-language']).toBe('en');
    },
  );

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const ru = await suite.app.inject({ method: 'DELETE', url: '/api/pages/about/' });
    expect(ru.statusCode).toBe(405);
    expect(ru.headers.allow).toBe('GET, HEAD');
    expect(ru.json()).toEqual({ detail: 'Метод "DELETE" не разрешен.' });
    const en = await suite.app.inject({ method: 'POST', url: '/api/pages', headers: EN });
    expect(en.statusCode).toBe(405);
    expect(en.json()).toEqual({ detail: 'Method "POST" not allowed.' });
  });

  it('sends the security headers on API answers', async () => {
    const response = await suite.app.inject('/api/pages/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('refusals', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  const GATEWAY = defineRefusals('example', {
    down: { status: 503, message: { en: 'Down.', ru: 'Недоступно.' }, headers: { 'retry-after': '5' } },
    taken: { status: 400, field: 'name', message: { en: 'Taken.', ru: 'Занято.' } },
  });
  beforeAll(async () => {
    app = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    await app.register(languagePlugin);
    await app.register(errorsPlugin);
    app.get('/api/down/', async () => {
      throw GATEWAY.down({ cause: new Error('upstream said 502 at 10.0.0.7') });
    });
    app.get('/api/taken/', async () => {
      throw GATEWAY.taken();
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a refusal in the request language with its status and headers; what led to it goes to the log only', async () => {
    const ru = await app.inject('/api/down/');
    expect(ru.statusCode).toBe(503);
    expect(ru.headers['retry-after']).toBe('5');
    expect(ru.body).toBe('{"detail":"Недоступно."}');
    expect(ru.headers['content-language']).toBe('ru');
    const en = await app.inject({ url: '/api/taken/', headers: EN });
    expect(en.statusCode).toBe(400);
    expect(en.body).toBe('{"name":["Taken."]}');
    expect(lines.some((line) => line.includes('upstream said 502') && line.includes('example.down'))).toBe(true);
    expect(ru.body).not.toContain('upstream');
  });
});
