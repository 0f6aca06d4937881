// The architecture rules of docs/house-style.md live in eslint.config.js; this proves each one fires.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('architecture lint rules', () => {
  it('rejects literal UI text in JSX', async () => {
    expect(await ruleIds('shell/src/x.tsx', 'export const X = () => <p>Hello</p>;\n')).toContain(
      'react/jsx-no-literals',
    );
    expect(await ruleIds('remotes/marketing/src/x.tsx', "export const X = () => <p>{'Привет'}</p>;\n")).toContain(
      'react/jsx-no-literals',
    );
  });

  it('keeps imports flowing one way', async () => {
    const shellImportsRemote = "import { pages } from '../../remotes/marketing/src/routes.ts';\nexport { pages };\n";
    expect(await ruleIds('shell/src/x.ts', shellImportsRemote)).toContain('import-x/no-restricted-paths');
    const remoteImportsRemote = "import { pages } from '../../marketing/src/routes.ts';\nexport { pages };\n";
    expect(await ruleIds('remotes/order/src/x.ts', remoteImportsRemote)).toContain('import-x/no-restricted-paths');
    const contractImportsShell =
      "import { ErrorPage } from '../../shell/src/errors/ErrorPage.tsx';\nexport { ErrorPage };\n";
    expect(await ruleIds('shared/src/x.ts', contractImportsShell)).toContain('import-x/no-restricted-paths');
  });

  it('keeps panel sections off each other and the panel kit out of the public pages', async () => {
    // A panel section may not reach into another section's files, even for a form it could reuse.
    const sectionImportsSection =
      "import { PagesList } from '../../panel-page/src/pages/PagesList.tsx';\nexport { PagesList };\n";
    expect(await ruleIds('remotes/panel-users/src/x.ts', sectionImportsSection)).toContain(
      'import-x/no-restricted-paths',
    );
    // What sections share lives in the kit, taken through its one entry.
    const kit = "import { ResourceList } from '@proxy/panel-kit';\nexport { ResourceList };\n";
    expect(await ruleIds('remotes/panel-users/src/x.ts', kit)).toEqual([]);
    const deepKit =
      "import { ResourceList } from '../../../panel-kit/src/list/ResourceList.tsx';\nexport { ResourceList };\n";
    expect(await ruleIds('remotes/panel-users/src/x.ts', deepKit)).toContain('no-restricted-imports');
    // The public site and the shell never load it; the kit never imports a section.
    expect(await ruleIds('remotes/marketing/src/x.ts', kit)).toContain('no-restricted-imports');
    expect(await ruleIds('shell/src/x.ts', kit)).toContain('no-restricted-imports');
    // A section's fields take the form hooks from the kit, whose forms provide their context.
    const ownForm = "import { useField } from 'react-final-form';\nexport { useField };\n";
    expect(await ruleIds('remotes/panel-page/src/blocks/x.tsx', ownForm)).toContain('no-restricted-imports');
    expect(await ruleIds('remotes/panel-page/src/blocks/x.test.tsx', ownForm)).toEqual([]);
    const kitImportsSection = "import { pages } from '../../remotes/panel-page/src/routes.ts';\nexport { pages };\n";
    expect(await ruleIds('panel-kit/src/x.ts', kitImportsSection)).toContain('import-x/no-restricted-paths');
  });

  it('keeps the site kit to the customer pages, taken through its entry, and the kit to the contract', async () => {
    const kit = "import { Pager } from '@proxy/site-kit';\nexport { Pager };\n";
    expect(await ruleIds('remotes/ip/src/x.ts', kit)).toEqual([]);
    expect(await ruleIds('shell/src/billing/x.ts', kit)).toEqual([]);
    const deepKit = "import { Pager } from '../../../site-kit/src/Pager.tsx';\nexport { Pager };\n";
    expect(await ruleIds('remotes/ip/src/x.ts', deepKit)).toContain('no-restricted-imports');
    // Panel sections have the panel kit; the home page's first paint has no bytes for the site kit.
    expect(await ruleIds('remotes/panel-users/src/x.ts', kit)).toContain('no-restricted-imports');
    expect(await ruleIds('remotes/marketing/src/x.ts', kit)).toContain('no-restricted-imports');
    const kitImportsRemote = "import { pages } from '../../remotes/ip/src/routes.ts';\nexport { pages };\n";
    expect(await ruleIds('site-kit/src/x.ts', kitImportsRemote)).toContain('import-x/no-restricted-paths');
  });

  it('routes jotai through the contract wrapper and react-router through one specifier', async () => {
    expect(await ruleIds('shell/src/x.ts', "import { atom } from 'jotai';\nexport const a = atom(1);\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds('shell/src/x.ts', "import { Link } from 'react-router-dom';\nexport { Link };\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('passes clean code', async () => {
    expect(
      await ruleIds('shell/src/x.tsx', "export const X = ({ t }: { t: (k: string) => string }) => <p>{t('a')}</p>;\n"),
    ).toEqual([]);
  });
});
