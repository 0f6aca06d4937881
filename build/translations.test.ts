// Every UI string exists in ru and en: each namespace's two files must have exactly the same keys, none empty.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const namespaces = [
  { name: 'shell', dir: resolve(root, 'shell/src/i18n') },
  { name: 'shell-panel', dir: resolve(root, 'shell/src/panel/i18n') },
  { name: 'shell-auth', dir: resolve(root, 'shell/src/auth/i18n') },
  { name: 'shell-billing', dir: resolve(root, 'shell/src/billing/i18n') },
  { name: 'panel-kit', dir: resolve(root, 'panel-kit/src/i18n') },
  { name: 'site-kit', dir: resolve(root, 'site-kit/src/i18n') },
  { name: 'marketing-downloads', dir: resolve(root, 'remotes/marketing/src/downloads/i18n') },
  ...readdirSync(resolve(root, 'remotes')).map((name) => ({ name, dir: resolve(root, 'remotes', name, 'src/i18n') })),
].filter((namespace) => existsSync(resolve(namespace.dir, 'en.json')));

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe.each(namespaces)('translations of $name', ({ dir }) => {
  const en = leaves(JSON.parse(readFileSync(resolve(dir, 'en.json'), 'utf8')));
  const ru = leaves(JSON.parse(readFileSync(resolve(dir, 'ru.json'), 'utf8')));

  it('has the same keys in ru and en', () => {
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has no empty or non-string value', () => {
    for (const [key, value] of [...en, ...ru]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });
});
