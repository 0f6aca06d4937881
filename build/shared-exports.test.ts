// Keeps the used-exports lists of the trimmed shared libraries (build/shared-exports.js) in step with what the code
// imports: an export missing from a list crashes at run time the remote that uses it (see shared-exports.js for why).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRIMMED_SHARED } from './shared-exports.js';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Test files and test helpers (`test/` folders) never reach a bundle, nor the shell's server renderer (`server/`),
    // which the browser never loads.
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'test' || path === resolve(root, 'shell/src/server')
        ? []
        : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Named value imports of a package in a source text: `import { Button, Form as AntForm, type FormProps } from 'antd'`. */
export function namedImports(source: string, pkg: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${escape(pkg)}['"]`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** What a used-exports list lacks (`missing`) and what it names that no source imports (`unused`). */
export function compareWithList(sources: readonly string[], pkg: string, list: readonly string[]) {
  const used = new Set(sources.flatMap((source) => namedImports(source, pkg)));
  return {
    missing: [...used].filter((name) => !list.includes(name)).sort(),
    unused: list.filter((name) => !used.has(name)).sort(),
  };
}

// The contract (shared/) and the kits are bundled into the shell and the remotes: their imports count too.
const files = ['shell', 'remotes', 'shared', 'panel-kit', 'site-kit'].flatMap((dir) => sourceFiles(resolve(root, dir)));
const sources = files.map((file) => readFileSync(file, 'utf8'));

describe.each(Object.entries(TRIMMED_SHARED))('the used-exports list of %s', (pkg, list) => {
  it('lists every export the code imports', () => {
    expect(compareWithList(sources, pkg, list).missing).toEqual([]);
  });

  it('lists nothing the code does not import', () => {
    expect(compareWithList(sources, pkg, list).unused).toEqual([]);
  });

  it('is the only way the package is imported (no default, namespace or build-folder imports that bypass it)', () => {
    // Subpaths with data of their own (antd/locale/ru_RU) are fine: they are not the trimmed entry.
    // Type-only imports (`import type { FormInstance } from 'antd'`) vanish at build time and are fine too.
    const whole = new RegExp(`import\\s+(?!type\\s)(\\*|[A-Za-z_$][\\w$]*)[^;]*from\\s+['"]${escape(pkg)}['"]`);
    const deep = new RegExp(`from\\s+['"]${escape(pkg)}/(es|lib|dist)/`);
    expect(files.filter((_file, i) => whole.test(sources[i] ?? '') || deep.test(sources[i] ?? ''))).toEqual([]);
  });
});

describe('the used-exports check', () => {
  // Synthetic sources, so these show the check itself failing whatever the real code imports.
  const code = ["import { Button } from 'antd';", "import { Form, Modal as AntModal } from 'antd';"];

  it('fails when the code imports an antd export the list lacks', () => {
    expect(compareWithList(code, 'antd', ['Button', 'Form', 'Modal'])).toEqual({ missing: [], unused: [] });
    expect(compareWithList(code, 'antd', ['Button', 'Modal']).missing).toEqual(['Form']);
  });

  it('fails when the list names an export nothing imports', () => {
    expect(compareWithList(code, 'antd', ['Button', 'Form', 'Modal', 'Tooltip']).unused).toEqual(['Tooltip']);
  });

  it('reads named, aliased and type imports correctly', () => {
    const source =
      "import { Button, Form as AntForm, type FormProps } from 'antd';\nimport type { ModalProps } from 'antd';\n" +
      "import { Link } from 'react-router';";
    expect(namedImports(source, 'antd')).toEqual(['Button', 'Form']);
    expect(namedImports(source, 'react-router')).toEqual(['Link']);
  });
});
