/**
 * A domain's refusals as a client sees them: each kind thrown by a route of a minimal app (the language and errors
 * plugins only) and asked for in English and in Russian. A domain's `refusals.test.ts` lists what every kind of its
 * table answers — status, headers, both bodies, byte for byte — and a kind added without its line fails to compile.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal, RefusalKind } from '../lib/refusal.ts';
import errorsPlugin from '../plugins/errors.ts';
import languagePlugin from '../plugins/language.ts';

export interface Worded {
  /** The refusal as its domain throws it (with whatever parameters its message has). */
  readonly refusal: Refusal;
  readonly status: number;
  readonly en: Readonly<Record<string, unknown>>;
  readonly ru: Readonly<Record<string, unknown>>;
  /** Headers the answer must carry (`Retry-After`, `WWW-Authenticate`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** One line per kind of the table: a kind without its line is a type error. */
export type WordedTable<T> = { readonly [K in keyof T]: Worded };

/**
 * Runs one test per kind: the refusal's status, headers and body in both languages. Named `test…` so that `vitest list`,
 * which reads test files without running them, counts the call as the file's tests.
 */
export function testRefusals<T extends Readonly<Record<string, RefusalKind<never[]>>>>(
  domain: string,
  kinds: T,
  table: WordedTable<T>,
): void {
  describe(`${domain}: every refusal, worded in both languages`, () => {
    let app: FastifyInstance;
    let thrown: Refusal | null = null;
    beforeAll(async () => {
      app = Fastify({ logger: false });
      await app.register(languagePlugin);
      await app.register(errorsPlugin);
      app.get('/api/refused/', async () => {
        throw thrown;
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it.each(Object.keys(kinds))('%s', async (name) => {
      const worded = table[name as keyof T];
      expect(worded.refusal.code).toBe(kinds[name]?.code);
      thrown = worded.refusal;
      for (const language of ['en', 'ru'] as const) {
        const response = await app.inject({ url: '/api/refused/', headers: { 'accept-language': language } });
        expect(response.statusCode).toBe(worded.status);
        expect(response.headers['content-language']).toBe(language);
        // Byte for byte: compact JSON, raw UTF-8, keys in their order.
        expect(response.body).toBe(JSON.stringify(worded[language]));
        for (const [header, value] of Object.entries(worded.headers ?? {})) {
          expect(response.headers[header]).toBe(value);
        }
      }
    });
  });
}
