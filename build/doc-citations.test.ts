// Every document the code cites is in this repository (issue #45): the design notes live in `docs/` (docs/README.md),
// a cited path resolves from the repository's root or from the citing file's folder, and "spec §N" names a section
// of docs/spec.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|css|sql|ya?ml|sh)$/.test(file) && existsSync(join(root, file)))
  // This file states the rule with examples that are not citations.
  .filter((file) => file !== 'build/doc-citations.test.ts');

/** Names that are files of a package the code copies, not citations. */
const NOT_CITATIONS: Readonly<Record<string, readonly string[]>> = { 'build/tinymce-assets.js': ['license.md'] };

const MARKDOWN = /(?<![\w/.-])((?:[\w.-]+\/)*[\w-]+\.md)\b/g;
const SPEC_SECTION = /\bspec §(\d+)/g;

describe('citations in the code', () => {
  it('name documents that are in the repository', () => {
    const missing = sources.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(MARKDOWN)]
        .map((match) => match[1] ?? '')
        .filter((cited) => !NOT_CITATIONS[file]?.includes(cited))
        .filter((cited) => !existsSync(join(root, cited)) && !existsSync(join(root, dirname(file), cited)))
        .map((cited) => `${file}: ${cited}`),
    );
    expect(sources.length).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it('name sections the specification has', () => {
    const sections = new Set(
      [...readFileSync(join(root, 'docs/spec.md'), 'utf8').matchAll(/^## (\d+)\./gm)].map((match) => match[1]),
    );
    const cited = sources.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(SPEC_SECTION)].map((match) => ({ file, section: match[1] })),
    );
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ section }) => !sections.has(section))).toEqual([]);
  });
});
