// Adds lock entries for optional platform binaries that the package registry here does not serve (darwin, win32,
// other CPUs of @swc/core, @rspack/binding, @unrs/resolver-binding, …). npm leaves them out of package-lock.json when
// it cannot read their manifests, and `npm ci` then refuses the lock as out of sync. Each added entry carries the
// os/cpu its name states, so `npm ci` skips it on this platform exactly as it would with the real manifest.
// Run after `npm install` changes the lock: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

/** `@swc/core-linux-arm-gnueabihf` → os linux, cpu arm; `...-linux-x64-musl` → libc musl. */
export function platformOf(name: string): Pick<LockPackage, 'os' | 'cpu' | 'libc'> {
  const parts = (name.split('/').pop() ?? name).split('-');
  const os = OS.find((candidate) => parts.includes(candidate));
  const cpu = CPU.find((candidate) => parts.includes(candidate));
  const libc =
    parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

export function addMissingPlatformEntries(lock: { packages: Record<string, LockPackage> }): string[] {
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      lock.packages[`node_modules/${name}`] = {
        version,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...platformOf(name),
      };
      added.push(`${name}@${version}`);
    }
  }
  return added;
}

if (import.meta.main) {
  const file = resolve(import.meta.dirname, '../package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = addMissingPlatformEntries(lock);
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  lock.packages = sorted;
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'Nothing to add.');
}
