// The contract and the kits are shared at run time, and a remote requires at least the version it was built with
// (build/federation.js): their version must move with their exports and exported values, or a remote needing a new
// export, route, image size or permission would get an older copy that lacks it.
// `npm run exports:record` (RECORD_EXPORTS=1) writes the surfaces instead of comparing them, once the version moved.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  currentSurface,
  recordedSurface,
  recordSurface,
  SHARED_PACKAGES,
  surfaceChanges,
  valueDigest,
  versionProblem,
  type Surface,
} from '../scripts/package-exports.ts';
import { ourPackage, panelShared, shared, siteShared } from './federation.js';

const RECORD = process.env.RECORD_EXPORTS === '1';

describe.each(SHARED_PACKAGES)('the %s package', (folder) => {
  it('exports the names and values recorded for its version (after a change: bump it, then `npm run exports:record`)', async () => {
    const current = await currentSurface(folder);
    if (RECORD) {
      expect(recordSurface(folder, current)).toBeNull();
      return;
    }
    const recorded = recordedSurface(folder);
    if (!recorded) throw new Error(`${folder}/exports.json is missing: run npm run exports:record`);
    expect(current.version, 'the version the exports were recorded for').toBe(recorded.version);
    expect(surfaceChanges(recorded, current), 'exports changed since they were recorded').toEqual({
      removed: [],
      added: [],
      changed: [],
    });
  });
});

describe('the version rule', () => {
  const surface = (version: string, values: Record<string, unknown>): Surface => ({
    version,
    modules: { './money': Object.keys(values) },
    values: {
      './money': Object.fromEntries(Object.entries(values).map(([name, value]) => [name, valueDigest(value)])),
    },
  });

  it('wants a minor bump for an added export and a major one for a removed export', () => {
    expect(versionProblem(surface('1.2.0', { a: 1 }), surface('1.2.0', { a: 1 }))).toBeNull();
    expect(versionProblem(surface('1.2.0', { a: 1 }), surface('1.2.1', { a: 1, b: 2 }))).toMatch(/adds .*1\.3\.0/);
    expect(versionProblem(surface('1.2.0', { a: 1 }), surface('1.3.0', { a: 1, b: 2 }))).toBeNull();
    expect(versionProblem(surface('1.2.0', { a: 1, b: 2 }), surface('1.3.0', { a: 1 }))).toMatch(/2\.0\.0/);
    expect(versionProblem(surface('1.2.0', { a: 1, b: 2 }), surface('2.0.0', { a: 1 }))).toBeNull();
  });

  it('wants a minor bump when an exported constant or schema changes its value under the same names', () => {
    const sizes = { IMAGE_SIZES: [320, 640, 1280], pattern: /^[a-z]+$/u, schema: { kind: 'object', entries: {} } };
    const moved = (change: Record<string, unknown>) =>
      versionProblem(surface('1.2.0', sizes), surface('1.2.0', { ...sizes, ...change }));
    expect(moved({ IMAGE_SIZES: [320, 640, 1280, 1920] })).toMatch(/changes \.\/money#IMAGE_SIZES.*1\.3\.0/);
    expect(moved({ pattern: /^[a-z0-9]+$/u })).toMatch(/changes \.\/money#pattern/);
    expect(moved({ schema: { kind: 'object', entries: { email: { kind: 'schema' } } } })).toMatch(/changes/);
    expect(versionProblem(surface('1.2.0', sizes), surface('1.3.0', { ...sizes, IMAGE_SIZES: [1] }))).toBeNull();
  });

  it('reads a value the same whatever the order of its keys, and a function by its name only', () => {
    expect(valueDigest({ a: 1, b: [2, { c: 3 }] })).toBe(valueDigest({ b: [2, { c: 3 }], a: 1 }));
    expect(
      valueDigest(function check() {
        return 1;
      }),
    ).toBe(
      valueDigest(function check() {
        return 2;
      }),
    );
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(valueDigest(cyclic)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('the share map', () => {
  const version = (folder: string) =>
    (JSON.parse(readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8')) as { version: string })
      .version;

  it('makes a remote require, strictly, at least the contract and kit versions it was built with', () => {
    expect(shared['@proxy/contract/']).toEqual(ourPackage(version('shared')));
    expect(panelShared['@proxy/panel-kit']).toEqual(ourPackage(version('panel-kit')));
    expect(siteShared['@proxy/site-kit']).toEqual(ourPackage(version('site-kit')));
    expect(ourPackage('1.4.2')).toEqual({
      singleton: true,
      strictVersion: true,
      version: '1.4.2',
      requiredVersion: '^1.4.2',
    });
  });
});
