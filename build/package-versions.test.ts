// The contract and the kits are shared at run time, and a remote requires at least the version it was built with
// (build/federation.js): their version must move with their exports, or a remote needing a new export would get an
// older copy that lacks it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  currentSurface,
  recordedSurface,
  SHARED_PACKAGES,
  surfaceChanges,
  versionProblem,
  type Surface,
} from '../scripts/package-exports.ts';
import { ourPackage, panelShared, shared, siteShared } from './federation.js';

describe.each(SHARED_PACKAGES)('the %s package', (folder) => {
  it('exports what is recorded for its version (after changing exports: bump it, then `node scripts/package-exports.ts --record`)', () => {
    const current = currentSurface(folder);
    const recorded = recordedSurface(folder);
    if (!recorded) throw new Error(`${folder}/exports.json is missing: run node scripts/package-exports.ts --record`);
    expect(current.version, 'the version the exports were recorded for').toBe(recorded.version);
    expect(surfaceChanges(recorded, current), 'exports changed since they were recorded').toEqual({
      removed: [],
      added: [],
    });
  });
});

describe('the version rule', () => {
  const surface = (version: string, names: string[]): Surface => ({ version, modules: { './money': names } });

  it('wants a minor bump for an added export and a major one for a removed export', () => {
    expect(versionProblem(surface('1.2.0', ['a']), surface('1.2.0', ['a']))).toBeNull();
    expect(versionProblem(surface('1.2.0', ['a']), surface('1.2.1', ['a', 'b']))).toMatch(/1\.3\.0/);
    expect(versionProblem(surface('1.2.0', ['a']), surface('1.3.0', ['a', 'b']))).toBeNull();
    expect(versionProblem(surface('1.2.0', ['a', 'b']), surface('1.3.0', ['a']))).toMatch(/2\.0\.0/);
    expect(versionProblem(surface('1.2.0', ['a', 'b']), surface('2.0.0', ['a']))).toBeNull();
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
