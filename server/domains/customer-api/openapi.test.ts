// The customer API's OpenAPI 3.1 document (issue #30): served without a key, made from the routes, and clean under
// Redocly's recommended rules (a standard linter: zero errors).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { PGLITE, seededApp } from '../../test/helpers.ts';

describe('GET /api/v1/openapi.json', () => {
  const suite = seededApp(PGLITE);

  it('is served to anyone, and passes the recommended lint rules with no error', async () => {
    const answer = await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const problems = await lintFromString({
      source: answer.body,
      absoluteRef: 'http://testserver/api/v1/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual(
      [],
    );
  });

  it('documents every route with its scheme, parameters, body and the error shape', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://testserver/api/v1' }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(document.paths).sort()).toEqual([
      '/balance',
      '/invoices',
      '/invoices/{id}',
      '/ledger',
      '/orders',
      '/orders/quote',
      '/proxies',
      '/proxies/renew',
      '/proxies/renew/quote',
      '/proxies/{id}',
      '/proxies/{id}/check',
      '/proxies/{id}/login',
      '/proxies/{id}/move',
      '/proxies/{id}/password',
      '/proxies/{id}/reboot',
      '/proxies/{id}/replace',
      '/proxies/{id}/rotate',
      '/proxies/{id}/rotate-link',
      '/proxies/{id}/rotations',
      '/proxies/{id}/traffic',
      '/stock',
    ]);
    const list = document.paths['/proxies'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['status', 'country', 'page', 'page_size', 'ordering']),
    );
    expect(list.responses['429'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(list.responses['429'].headers['Retry-After']).toBeDefined();
    expect(list.responses['200'].headers['RateLimit-Remaining']).toBeDefined();
    const order = document.paths['/orders'].post;
    expect(order.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(order.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['country', 'city', 'operator', 'period_days', 'quantity']),
    );
    expect(
      document.paths['/proxies/{id}'].patch.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('whitelist');
    expect(document.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
  });

  it('gives every operation its tag, the scope its guard asks for, and a Russian summary for the site', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operations = Object.values(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
      (path) => Object.values(path),
    );
    const tags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    for (const operation of operations) {
      expect(tags.has((operation.tags as string[])[0]), String(operation.operationId)).toBe(true);
      expect(operation['x-ru'], String(operation.operationId)).toMatchObject({ summary: expect.any(String) });
      expect(operation).toHaveProperty('x-scope');
    }
    expect(document.paths['/stock'].get['x-scope']).toBeNull();
    expect(document.paths['/proxies/{id}/reboot'].post).toMatchObject({
      'x-scope': 'proxies:rotate',
      tags: ['Proxies'],
    });
    expect(document.paths['/proxies/{id}/check'].post['x-scope']).toBe('proxies:rotate');
    expect(document.paths['/proxies/{id}/login'].post['x-scope']).toBe('proxies:write');
    expect(document.paths['/proxies/{id}/move'].post['x-scope']).toBe('proxies:write');
    expect(document.paths['/ledger'].get).toMatchObject({ 'x-scope': 'billing:read', tags: ['Billing'] });
    expect(document.paths['/proxies/{id}/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'login',
    ]);
    expect(document.paths['/proxies/{id}/reboot'].post.responses).toHaveProperty('409');
  });

  it('states what the server holds to: the budgets it counts, the language it answers in, what a paid move needs', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const { apiKey, apiAddress } = RATE_LIMITS;
    expect(document.info.description).toContain(
      `A key may make ${apiKey.limit} requests per ${apiKey.windowSeconds} seconds, and one client address ` +
        `${apiAddress.limit} requests per ${apiAddress.windowSeconds} seconds`,
    );
    expect(document.info.description).toContain('English by default, Russian with `ru`');
    // Errors count against the key's budget, and their answers tell it.
    expect(document.paths['/proxies'].get.responses['404'].headers).toHaveProperty('RateLimit-Remaining');
    const move = document.paths['/proxies/{id}/move'].post;
    expect(move.description).toContain('`orders:write` too for a move with a fee (403 without it)');
    expect(move['x-ru'].description).toContain('для переноса с платой ещё и `orders:write` (без него 403)');
    expect(move.responses).toHaveProperty('403');
  });
});
