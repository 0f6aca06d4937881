/**
 * Generates the customer API's TypeScript client (issue #30) with a standard generator, @hey-api/openapi-ts and its
 * fetch client, from the OpenAPI document the server serves. The client is committed in `client/` so that `tsc`
 * checks the scripts and tests that use it against the document's types; `generated-client.test.ts` generates it
 * afresh and fails when it differs (the API changed and the client was not regenerated). Regenerate with
 * `npm run generate:customer-api-client`.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { format, resolveConfig } from 'prettier';

export const CLIENT_DIR = join(import.meta.dirname, 'client');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The client's files (path → text), generated from `document` and formatted by the project's prettier. */
export async function generateClient(document: object): Promise<Map<string, string>> {
  const out = await mkdtemp(join(tmpdir(), 'customer-api-client-'));
  try {
    await createClient({
      input: document,
      // `.ts` specifiers: the project runs TypeScript natively and imports with them everywhere.
      output: { path: out, importFileExtension: '.ts' },
      // No base URL baked in (the document's is this server's PUBLIC_URL): a script passes its site's to createClient.
      plugins: [{ name: '@hey-api/client-fetch', baseUrl: false }, '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent', file: false },
    });
    const files = new Map<string, string>();
    for (const file of await filesUnder(out)) {
      // Formatted where it will live, so prettier's config for the client folder applies.
      const target = join(CLIENT_DIR, file);
      const options = await resolveConfig(target);
      files.set(file, await format(await readFile(join(out, file), 'utf8'), { ...options, filepath: target }));
    }
    return files;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** The committed client's files (path → text). */
export async function committedClient(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of await filesUnder(CLIENT_DIR)) files.set(file, await readFile(join(CLIENT_DIR, file), 'utf8'));
  return files;
}

/** Replaces the committed client with `files`. */
export async function writeClient(files: ReadonlyMap<string, string>): Promise<void> {
  await rm(CLIENT_DIR, { recursive: true, force: true });
  for (const [file, text] of files) {
    const target = join(CLIENT_DIR, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}
