/**
 * Stands in for shell/src/federation/remotes.ts in the bench-only single-bundle build (webpack.bench.js): the same
 * exports, but the marketing pages are imported statically into the shell's one bundle instead of being loaded
 * through Module Federation. `npm run bench` compares a cold visit to this build with the federated one.
 */
import type { i18n as I18n } from 'i18next';
import { LANGUAGES } from '@proxy/contract/languages';
import type { RemoteModule } from '@proxy/contract/remote';
import type { RemoteName } from '@proxy/contract/routes';
import * as marketing from '../../remotes/marketing/src/routes.ts';

export class RemoteUnavailableError extends Error {
  readonly remote: string;
  constructor(remote: string) {
    super(`The "${remote}" section could not be loaded.`);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

export interface Deployment {
  readonly remotes: ReadonlySet<string> | null;
}

/** Everything is built in: the sections the measured routes use are in the bundle, the others load on demand. */
const MODULES: Partial<Record<RemoteName, () => Promise<RemoteModule>>> = {
  marketing: () => Promise.resolve(marketing),
  user: () => import('../../remotes/user/src/routes.ts'),
  order: () => import('../../remotes/order/src/routes.ts'),
  ip: () => import('../../remotes/ip/src/routes.ts'),
};

export function registerDeployedRemotes(): Promise<Deployment> {
  return Promise.resolve({ remotes: new Set(Object.keys(MODULES)) });
}

export function isDeployed(deployment: Deployment, remote: RemoteName | 'shell'): boolean {
  return remote === 'shell' || deployment.remotes === null || deployment.remotes.has(remote);
}

const loaded = new Map<string, Promise<RemoteModule>>();

export function loadRemoteModule(name: RemoteName, i18n: I18n): Promise<RemoteModule> {
  let pending = loaded.get(name);
  if (!pending) {
    const load = MODULES[name];
    pending = (load ? load() : Promise.reject(new RemoteUnavailableError(name))).then((module) => {
      for (const language of LANGUAGES) {
        i18n.addResourceBundle(language, name, module.translations[language], true, true);
      }
      return module;
    });
    loaded.set(name, pending);
  }
  return pending;
}
