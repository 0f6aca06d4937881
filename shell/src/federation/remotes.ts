import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { i18n as I18n } from 'i18next';
import { LANGUAGES } from '@proxy/contract/languages';
import type { RemoteModule, RemotesConfig } from '@proxy/contract/remote';
import type { RemoteName } from '@proxy/contract/routes';
import { containerName } from './container-name.ts';
import { REMOTE_UNAVAILABLE } from './fallback-plugin.ts';

/** A remote listed in remotes.json whose code could not be loaded; rendered as a section-level message. */
export class RemoteUnavailableError extends Error {
  readonly remote: string;
  constructor(remote: string) {
    super(`The "${remote}" section could not be loaded.`);
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

/** A panel section whose remote this site does not deploy (remotes.json does not list it). */
export class SectionNotDeployedError extends Error {
  readonly remote: string;
  constructor(remote: string) {
    super(`The "${remote}" section is not deployed.`);
    this.name = 'SectionNotDeployedError';
    this.remote = remote;
  }
}

/** What the shell knows about deployment: which remotes remotes.json lists (null when it could not be read). */
export interface Deployment {
  readonly remotes: ReadonlySet<string> | null;
}

/**
 * Reads /remotes.json and registers each remote's manifest. The server sends it `no-cache`, so the browser never uses
 * a stale copy (it is how a remote is redeployed); the default cache mode lets it take the response the HTML's
 * `<link rel="preload">` started before this code could run (build/startup-chunks.js).
 * When the file cannot be read, every section counts as deployed-but-unavailable rather than missing, so visitors see
 * "temporarily unavailable" instead of "not found".
 */
export async function registerDeployedRemotes(): Promise<Deployment> {
  deployment = await readDeployment();
  return deployment;
}

let deployment: Deployment = { remotes: null };

/** What remotes.json said when the page started (everything counts as deployed before that, or when unreadable). */
export const currentDeployment = (): Deployment => deployment;

async function readDeployment(): Promise<Deployment> {
  try {
    const response = await fetch('/remotes.json');
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    const config = (await response.json()) as RemotesConfig;
    registerRemotes(
      config.remotes.map(({ name, entry }) => ({ name: containerName(name), entry: remoteEntryOf(entry) })),
    );
    return { remotes: new Set(config.remotes.map((remote) => remote.name)) };
  } catch (error) {
    console.error('Could not read /remotes.json', error);
    return { remotes: null };
  }
}

/**
 * remotes.json names each remote's `mf-manifest.json` (the deploy format, README); the shell loads the `remoteEntry.js`
 * beside it. Reading the manifest first would put one more request before every remote's first page, and the
 * runtime's manifest code (~1.5 KB gzip) into main.js, for nothing the shell uses: what a remote shares and requires
 * is in its remoteEntry.js.
 */
export const remoteEntryOf = (entry: string): string => entry.replace(/mf-manifest\.json$/, 'remoteEntry.js');

/** The shell's own pages are always there; a remote's, while remotes.json lists it (or cannot be read). */
export function isDeployed(deployment: Deployment, remote: RemoteName | 'shell'): boolean {
  return remote === 'shell' || deployment.remotes === null || deployment.remotes.has(remote);
}

const loaded = new Map<string, Promise<RemoteModule>>();

/**
 * Loads a remote's `./routes` once and adds its translations to the shell's i18next under the remote's name.
 * A failed load is forgotten so that the next navigation tries again.
 */
export function loadRemoteModule(name: RemoteName, i18n: I18n): Promise<RemoteModule> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = loadRemote<RemoteModule & { [REMOTE_UNAVAILABLE]?: true }>(`${containerName(name)}/routes`).then(
      (module) => {
        if (!module || module[REMOTE_UNAVAILABLE]) throw new RemoteUnavailableError(name);
        for (const language of LANGUAGES) {
          i18n.addResourceBundle(language, name, module.translations[language], true, true);
        }
        return module;
      },
    );
    pending.catch(() => loaded.delete(name));
    loaded.set(name, pending);
  }
  return pending;
}
