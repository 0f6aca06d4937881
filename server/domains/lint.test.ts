// The layering of the server as lint enforces it (eslint.config.js): a domain reaches another only through its
// index.ts, and lib/ stays generic. Linted as if the snippet were a file in that folder; the imported files are real,
// since the rule resolves them first.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'import-x/no-restricted-paths';

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('the server layering lint rule', () => {
  it("refuses a domain importing another domain's internal file, and allows that domain's index.ts", async () => {
    const file = 'server/domains/content/example.ts';
    expect(
      await restrictedImports(file, "export { usersRepository } from '../accounts/users-repository.ts';\n"),
    ).toEqual([
      'Unexpected path "../accounts/users-repository.ts" imported in restricted zone. A domain uses another only through that domain\'s index.ts.',
    ]);
    expect(await restrictedImports(file, "export { usersRepository } from '../accounts/index.ts';\n")).toEqual([]);
    // Its own files are its own business.
    expect(await restrictedImports(file, "export { pagesRepository } from './pages-repository.ts';\n")).toEqual([]);
  });

  it('refuses lib importing plugins or domains', async () => {
    const file = 'server/lib/example.ts';
    for (const target of ['../plugins/errors.ts', '../domains/content/index.ts', '../domains/accounts/passwords.ts']) {
      expect(await restrictedImports(file, `export * from '${target}';\n`), target).toHaveLength(1);
    }
    expect(await restrictedImports(file, "export * from './messages.ts';\n")).toEqual([]);
  });
});

describe('the remotes lint rule', () => {
  it('keeps every folder of remotes/ from importing another remote, whatever its name', async () => {
    const remotes = readdirSync(path.join(repoRoot, 'remotes'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(remotes.length).toBeGreaterThan(1);
    for (const [index, name] of remotes.entries()) {
      const other = remotes[(index + 1) % remotes.length];
      const found = await restrictedImports(
        `remotes/${name}/src/example.ts`,
        `export * from '../../${other}/src/routes.ts';\n`,
      );
      expect(found, `${name} → ${other}`).toContain(
        `Unexpected path "../../${other}/src/routes.ts" imported in restricted zone. Remotes never import each other.`,
      );
    }
  });
});
