// The committed client (issue #30) is what the generator makes from the document the server serves now: a change to
// the API without `npm run generate:customer-api-client` fails here. With UPDATE_CUSTOMER_API_CLIENT=1 (what that
// script sets) the test writes the client instead.
import { describe, expect, it } from 'vitest';
import { PGLITE, seededApp } from '../../test/helpers.ts';
import { committedClient, generateClient, writeClient } from './generated-client.ts';

describe('the generated customer API client', () => {
  const suite = seededApp(PGLITE);

  it('is the one committed in client/', async () => {
    const document = (await suite.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<object>();
    const generated = await generateClient(document);
    if (process.env.UPDATE_CUSTOMER_API_CLIENT === '1') await writeClient(generated);
    expect(
      Object.fromEntries(await committedClient()),
      'the API changed: run `npm run generate:customer-api-client`',
    ).toEqual(Object.fromEntries(generated));
  });
});
