/**
 * The export surface of the packages remotes share at run time (the contract, the kits): every module a remote may
 * import, the names it exports (types included, as the TypeScript compiler reads them), and a digest of each exported
 * value (a constant, a schema's shape, a route table, a permission list, a dictionary).
 *
 * A remote requires at least the version of each package it was built with (build/federation.js), so the version
 * must move whenever the surface does: a remote built against an added image size, route, schema field or permission
 * would otherwise run with the shell's older copy of the same version. `build/package-versions.test.ts` compares the
 * surface with the one recorded for the package's version in its `exports.json`. After changing exports or exported
 * values, bump the package's version (minor when names were added or values changed, major when a name was removed)
 * and record the new surface:
 *
 *   npm run exports:record
 *
 * which refuses to record a changed surface under an unchanged version, or removals under a minor bump. Values are
 * read by importing the modules, so recording runs inside vitest (the kits are .tsx with CSS modules).
 */
import { createHash } from 'node:crypto';
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
  /** Import subpath → exported value's name → digest of the value (`valueDigest`); type-only names have none. */
  readonly values: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

interface PackageJson {
  readonly name: string;
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

/**
 * A value written out with its keys sorted, so the same value always reads the same: data as it is, a RegExp as its
 * source, a function by its name only (a function's body is behaviour, not surface), a cycle as a marker.
 */
function stableText(value: unknown, ancestors: object[] = []): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `function ${value.name}`;
  if (typeof value === 'symbol' || typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (ancestors.includes(value)) return '[circular]';
  const inner = [...ancestors, value];
  if (value instanceof RegExp) return value.toString();
  if (value instanceof Date) return `Date(${value.toISOString()})`;
  if (Array.isArray(value)) return `[${value.map((item) => stableText(item, inner)).join(',')}]`;
  if (value instanceof Map) {
    return `Map{${[...value].map(([key, item]) => `${stableText(key, inner)}:${stableText(item, inner)}`).join(',')}}`;
  }
  if (value instanceof Set) return `Set{${[...value].map((item) => stableText(item, inner)).join(',')}}`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableText((value as Record<string, unknown>)[key], inner)}`);
  return `${value.constructor?.name ?? ''}{${entries.join(',')}}`;
}

/** Sixteen hex digits of the value's SHA-256: enough to see a change, short enough to review in a diff. */
export const valueDigest = (value: unknown): string =>
  createHash('sha256').update(stableText(value)).digest('hex').slice(0, 16);

/** The package's current surface and version: names from the compiler, values from the modules themselves. */
export async function currentSurface(folder: string): Promise<Surface> {
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
  const values: Record<string, Record<string, string>> = {};
  for (const subpath of Object.keys(modules)) {
    const exported = (await import(`${pkg.name}${subpath.slice(1)}`)) as Record<string, unknown>;
    values[subpath] = Object.fromEntries(
      Object.keys(exported)
        .sort()
        .map((name) => [name, valueDigest(exported[name])]),
    );
  }
  return { version: pkg.version, modules, values };
}

export const surfaceFile = (folder: string) => path.join(root, folder, 'exports.json');

/** The surface recorded in the package's `exports.json`; null before the first `--record`. */
export function recordedSurface(folder: string): Surface | null {
  if (!existsSync(surfaceFile(folder))) return null;
  // A surface recorded before values were (contract 1.10.0 and older) has names only.
  const { values = {}, ...names } = readJson<Omit<Surface, 'values'> & Partial<Pick<Surface, 'values'>>>(
    surfaceFile(folder),
  );
  return { ...names, values };
}

export interface SurfaceChanges {
  readonly removed: string[];
  readonly added: string[];
  /** Names both surfaces export whose value differs. */
  readonly changed: string[];
}

/** The names `before` had and `after` lacks, the ones it adds, and the ones whose value moved, as `subpath#name`. */
export function surfaceChanges(before: Surface, after: Surface): SurfaceChanges {
  const names = (surface: Surface) =>
    new Set(
      Object.entries(surface.modules).flatMap(([subpath, exported]) => exported.map((name) => `${subpath}#${name}`)),
    );
  const digest = (surface: Surface, name: string) => {
    const [subpath = '', exported = ''] = name.split('#');
    return surface.values[subpath]?.[exported];
  };
  const [old, now] = [names(before), names(after)];
  return {
    removed: [...old].filter((name) => !now.has(name)),
    added: [...now].filter((name) => !old.has(name)),
    changed: [...now].filter((name) => old.has(name) && digest(before, name) !== digest(after, name)),
  };
}

/** Why `after` may not be recorded over `before`, or null when its version moved as its surface did. */
export function versionProblem(before: Surface, after: Surface): string | null {
  const { removed, added, changed } = surfaceChanges(before, after);
  if (removed.length === 0 && added.length === 0 && changed.length === 0) return null;
  const [major, minor] = before.version.split('.').map(Number) as [number, number];
  const [nextMajor, nextMinor] = after.version.split('.').map(Number) as [number, number];
  if (removed.length > 0 && nextMajor <= major) {
    return `removes ${removed.join(', ')}: a breaking change needs the next major version (${major + 1}.0.0)`;
  }
  if (nextMajor < major || (nextMajor === major && nextMinor <= minor)) {
    const what = [
      added.length > 0 && `adds ${added.join(', ')}`,
      changed.length > 0 && `changes ${changed.join(', ')}`,
    ];
    return `${what.filter(Boolean).join(' and ')}: needs at least the next minor version (${major}.${minor + 1}.0)`;
  }
  return null;
}

/** Writes the surface as the package's record (`npm run exports:record`), unless its version did not move with it. */
export function recordSurface(folder: string, after: Surface): string | null {
  const before = recordedSurface(folder);
  const problem = before && versionProblem(before, after);
  if (problem)
    return `${folder} ${before.version} → ${after.version} ${problem}; bump "version" in ${folder}/package.json.`;
  writeFileSync(surfaceFile(folder), `${JSON.stringify(after, null, 2)}\n`);
  return null;
}
