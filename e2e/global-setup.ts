// One production build for the whole end-to-end suite, exactly what `npm start` serves, and the data directories its
// sites start from (e2e/prepared-data.ts), handed to the test files' processes through the environment.
// E2E_REUSE_BUILD=1 skips the build when dist/ is known to be current (local iteration only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll } from '../scripts/build-missing.ts';
import { DATA_TEMPLATES_ENV } from '../scripts/site-process.ts';
import { createDataTemplates } from './prepared-data.ts';

export default async function setup(): Promise<() => void> {
  if (process.env.E2E_REUSE_BUILD !== '1') buildAll();
  const templates = mkdtempSync(join(tmpdir(), 'site-templates-'));
  await createDataTemplates(templates);
  process.env[DATA_TEMPLATES_ENV] = templates;
  return () => rmSync(templates, { recursive: true, force: true });
}
