import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMissingPlatformEntries, platformOf } from './lockfile-platforms.ts';

describe('lock entries for platform binaries', () => {
  it('reads os, cpu and libc from the package name', () => {
    expect(platformOf('@swc/core-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@swc/core-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'] });
    expect(platformOf('@unrs/resolver-binding-linux-riscv64-musl')).toEqual({
      os: ['linux'],
      cpu: ['riscv64'],
      libc: ['musl'],
    });
    expect(platformOf('@rspack/binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
  });

  it('leaves nothing to add in the committed package-lock.json (else `npm ci` refuses it)', () => {
    const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package-lock.json'), 'utf8'));
    expect(addMissingPlatformEntries(lock)).toEqual([]);
  });
});
