// The site's documentation page (`/api-docs`, remotes/marketing/src/api-docs) is tested against the document this
// server serves, not a hand-written imitation: the fixture it renders is this document, committed. A change to the
// API fails here until the fixture is written afresh with UPDATE_API_DOCS_FIXTURE=1 (then the page's tests say
// whether the page still reads it).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { PGLITE, seededApp } from '../../test/helpers.ts';

const FIXTURE = join(import.meta.dirname, '../../../remotes/marketing/src/api-docs/test/openapi.json');

describe("the documentation page's OpenAPI fixture", () => {
  const suite = seededApp(PGLITE);

  it('is the document the server serves', async () => {
    const answer = await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const text = await format(answer.body, { ...(await resolveConfig(FIXTURE)), filepath: FIXTURE });
    if (process.env.UPDATE_API_DOCS_FIXTURE === '1') await writeFile(FIXTURE, text);
    expect(await readFile(FIXTURE, 'utf8'), 'the API changed: run with UPDATE_API_DOCS_FIXTURE=1').toBe(text);
  });
});
