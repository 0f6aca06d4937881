// Builds the shell and the remotes when their output is missing, so `npm start` works on a fresh clone.
// After a code change run `npm run build` (a full rebuild); this only fills gaps.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const webpackBin = resolve(root, 'node_modules/.bin/webpack');

function remoteNames(): string[] {
  return readdirSync(resolve(root, 'remotes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(resolve(root, 'remotes', entry.name, 'src/routes.ts')))
    .map((entry) => entry.name);
}

function webpack(args: string[]): void {
  const result = spawnSync(webpackBin, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`webpack ${args.join(' ')} failed (exit ${result.status}).`);
}

export function buildMissing(distDir = resolve(root, 'dist')): void {
  if (!existsSync(resolve(distDir, 'shell/index.html'))) {
    console.log('Building the shell…');
    webpack(['--config', 'webpack.shell.js']);
  }
  const missing = remoteNames().filter(
    (name) =>
      !existsSync(resolve(distDir, 'remotes', name, 'mf-manifest.json')) ||
      !existsSync(resolve(distDir, 'remotes.json')),
  );
  for (const name of missing) {
    console.log(`Building the ${name} remote…`);
    webpack(['--config', 'webpack.remotes.js', '--env', `remote=${name}`]);
  }
}

/** A full production build: the shell and every remote (used by the end-to-end tests and the benchmarks). */
export function buildAll(): void {
  webpack(['--config', 'webpack.shell.js']);
  webpack(['--config', 'webpack.remotes.js']);
}
