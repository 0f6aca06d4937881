// Keeps the central list of antd exports in step with what the code imports (see antd-exports.js for why).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_USED_EXPORTS } from './antd-exports.js';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Named imports from 'antd' in a source text: `import { Button, Form as AntForm, type FormProps } from 'antd'`. */
export function antdImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]antd['"]/g)) {
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

describe('the antd used-exports list', () => {
  const files = [...sourceFiles(resolve(root, 'shell')), ...sourceFiles(resolve(root, 'remotes'))];
  const used = new Set(files.flatMap((file) => antdImports(readFileSync(file, 'utf8'))));

  it('lists every antd export the code imports', () => {
    expect([...used].filter((name) => !ANTD_USED_EXPORTS.includes(name)).sort()).toEqual([]);
  });

  it('lists nothing the code does not import', () => {
    expect(ANTD_USED_EXPORTS.filter((name) => !used.has(name)).sort()).toEqual([]);
  });

  it('is the only way antd is imported (no deep imports that bypass the shared singleton)', () => {
    const deep = files.filter((file) => /from\s+['"]antd\/(es|lib)\//.test(readFileSync(file, 'utf8')));
    expect(deep).toEqual([]);
  });

  it('reads named, aliased and type imports correctly', () => {
    const source =
      "import { Button, Form as AntForm, type FormProps } from 'antd';\nimport type { ModalProps } from 'antd';";
    expect(antdImports(source)).toEqual(['Button', 'Form']);
  });
});
