/**
 * The export surface of the packages remotes share at run time (the contract, the kits): every module a remote may
 * import and the names it exports, types included, as the TypeScript compiler reads them.
 *
 * A remote requires at least the version of each package it was built with (build/federation.js), so the version
 * must move whenever the surface does: `build/package-versions.test.ts` compares the surface with the one recorded
 * for the package's version in its `exports.json`. After changing exports, bump the package's version (minor when
 * names were only added, major when any was removed) and record the new surface:
 *
 *   node scripts/package-exports.ts --record
 *
 * which refuses to record a changed surface under an unchanged version, or removals under a minor bump.
 */
import { existsSync, globSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** The workspace packages shared as federation singletons, by folder. */
export const SHARED_PACKAGES = ['shared', 'panel-kit', 'site-kit'] as const;

export interface Surface {
  readonly version: string;
  /** Import subpath (`./api/auth`, `.`) → the names it exports, sorted. */
  readonly modules: Readonly<Record<string, readonly string[]>>;
}

interface PackageJson {
  readonly version: string;
  readonly exports: Readonly<Record<string, string>>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Subpath → source file, from the package's `exports` (a `./*` pattern stands for every module but tests). */
function entryPoints(folder: string, exports: PackageJson['exports']): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(exports)) {
    if (!subpath.includes('*')) {
      entries.set(subpath, path.join(root, folder, target));
      continue;
    }
    const [prefix = '', suffix = ''] = target.split('*');
    for (const file of globSync(`${prefix}**/*${suffix}`, { cwd: path.join(root, folder) })) {
      const relative = `./${file.split(path.sep).join('/')}`;
      if (/\.(test|d)\.tsx?$/.test(relative) || relative.includes('/test/')) continue;
      entries.set(
        subpath.replace('*', relative.slice(prefix.length, relative.length - suffix.length)),
        path.join(root, folder, relative),
      );
    }
  }
  return entries;
}

/** The package's current surface and version. */
export function currentSurface(folder: string): Surface {
  const pkg = readJson<PackageJson>(path.join(root, folder, 'package.json'));
  const entries = entryPoints(folder, pkg.exports);
  const config = ts.parseJsonConfigFileContent(readJson(path.join(root, 'tsconfig.json')), ts.sys, root);
  const program = ts.createProgram([...entries.values()], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const modules: Record<string, string[]> = {};
  for (const [subpath, file] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    modules[subpath] = symbol
      ? checker
          .getExportsOfModule(symbol)
          .map((name) => name.getName())
          .sort()
      : [];
  }
  return { version: pkg.version, modules };
}

export const surfaceFile = (folder: string) => path.join(root, folder, 'exports.json');

/** The surface recorded in the package's `exports.json`; null before the first `--record`. */
export const recordedSurface = (folder: string): Surface | null =>
  existsSync(surfaceFile(folder)) ? readJson<Surface>(surfaceFile(folder)) : null;

/** The names `before` had and `after` lacks, and the ones it adds, as `subpath#name`. */
export function surfaceChanges(before: Surface, after: Surface): { removed: string[]; added: string[] } {
  const names = (surface: Surface) =>
    new Set(
      Object.entries(surface.modules).flatMap(([subpath, exported]) => exported.map((name) => `${subpath}#${name}`)),
    );
  const [old, now] = [names(before), names(after)];
  return { removed: [...old].filter((name) => !now.has(name)), added: [...now].filter((name) => !old.has(name)) };
}

/** Why `after` may not be recorded over `before`, or null when its version moved as its surface did. */
export function versionProblem(before: Surface, after: Surface): string | null {
  const { removed, added } = surfaceChanges(before, after);
  if (removed.length === 0 && added.length === 0) return null;
  const [major, minor] = before.version.split('.').map(Number) as [number, number];
  const [nextMajor, nextMinor] = after.version.split('.').map(Number) as [number, number];
  if (removed.length > 0 && nextMajor <= major) {
    return `removes ${removed.join(', ')}: a breaking change needs the next major version (${major + 1}.0.0)`;
  }
  if (nextMajor < major || (nextMajor === major && nextMinor <= minor)) {
    return `adds ${added.join(', ')}: needs at least the next minor version (${major}.${minor + 1}.0)`;
  }
  return null;
}

if (import.meta.main) {
  const record = process.argv.includes('--record');
  let failed = false;
  for (const folder of SHARED_PACKAGES) {
    const after = currentSurface(folder);
    const before = recordedSurface(folder);
    const problem = before && versionProblem(before, after);
    if (problem) {
      console.error(
        `${folder} ${before.version} → ${after.version} ${problem}; bump "version" in ${folder}/package.json.`,
      );
      failed = true;
    } else if (record) {
      writeFileSync(surfaceFile(folder), `${JSON.stringify(after, null, 2)}\n`);
      console.log(`${folder}: recorded the surface of ${after.version}.`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}
