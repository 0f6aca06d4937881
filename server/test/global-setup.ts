// The unit project's one-time work: the seeded database every API test copies (server/test/db-template.ts).
import type { TestProject } from 'vitest/node';
import { createSeededTemplates, type SeededTemplates } from './db-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, dispose } = await createSeededTemplates(process.env.DATABASE_URL);
  project.provide('seededTemplates', templates);
  return dispose;
}
