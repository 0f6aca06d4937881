// Builds every remote, or one: `webpack --config webpack.remotes.js --env remote=marketing`.
// Each remote lands in its own folder with its mf-manifest.json (dist/remotes/<name>/, or --env outDir=... for a new
// deployment folder). A full build also writes dist/remotes.json; a build into another folder leaves it alone and
// prints the manifest URL to put there, which is how one remote is deployed on its own.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { commonConfig } from './build/common.js';
import { containerName, federationDefaults, isPanelRemote, sharedOf } from './build/federation.js';
import { remoteServerConfig, SERVER_RENDERED_REMOTES } from './build/server-build.js';
import { TinymceAssetsPlugin } from './build/tinymce-assets.js';

const root = dirname(fileURLToPath(import.meta.url));
// DIST_DIR is the same variable the server reads: where the shell, the remotes and remotes.json live.
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');
const remotesJson = resolve(distDir, 'remotes.json');

export const remoteNames = () =>
  readdirSync(resolve(root, 'remotes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(resolve(root, 'remotes', entry.name, 'src/routes.ts')))
    .map((entry) => entry.name)
    .sort();

/** Adds or updates the remote's entry in dist/remotes.json, keeping the others. */
class RegisterRemotePlugin {
  constructor(name, entry) {
    this.name = name;
    this.entry = entry;
  }
  apply(compiler) {
    compiler.hooks.done.tap('RegisterRemotePlugin', (stats) => {
      if (stats.hasErrors()) return;
      const config = existsSync(remotesJson) ? JSON.parse(readFileSync(remotesJson, 'utf8')) : { remotes: [] };
      const others = config.remotes.filter((remote) => remote.name !== this.name);
      const remotes = [...others, { name: this.name, entry: this.entry }].sort((a, b) => a.name.localeCompare(b.name));
      mkdirSync(distDir, { recursive: true });
      writeFileSync(remotesJson, `${JSON.stringify({ remotes }, null, 2)}\n`);
    });
  }
}

class PrintManifestPlugin {
  constructor(entry) {
    this.entry = entry;
  }
  apply(compiler) {
    compiler.hooks.done.tap('PrintManifestPlugin', (stats) => {
      if (!stats.hasErrors()) console.log(`Built. Point remotes.json at ${this.entry} to deploy it.`);
    });
  }
}

function remoteConfig(name, env, argv) {
  const common = commonConfig(argv);
  const srcDir = env.src ? resolve(root, env.src) : resolve(root, 'remotes', name);
  const outDir = env.outDir ? resolve(root, env.outDir) : resolve(distDir, 'remotes', name);
  const entry = `/${relative(distDir, outDir).split('\\').join('/')}/mf-manifest.json`;
  return {
    ...common,
    name,
    entry: {},
    output: {
      ...common.output,
      path: outDir,
      // Chunks resolve relative to remoteEntry.js, wherever the folder is deployed.
      publicPath: 'auto',
      uniqueName: `remote_${containerName(name)}`,
    },
    plugins: [
      ...common.plugins,
      new ModuleFederationPlugin({
        ...federationDefaults,
        shared: sharedOf(name),
        name: containerName(name),
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './routes': resolve(srcDir, 'src/routes.ts') },
        // A remote loads no other remote (docs/architecture.md): its runtime needs only the sharing half, which halves
        // the remoteEntry.js every first visit downloads next to the shell's own runtime.
        experiments: {
          ...federationDefaults.experiments,
          externalRuntime: true,
          optimization: { ...federationDefaults.experiments.optimization, disableRemote: true, disableSnapshot: true },
        },
      }),
      env.outDir ? new PrintManifestPlugin(entry) : new RegisterRemotePlugin(name, entry),
      // The kit's rich-text editor loads TinyMCE from the folder of the remote that provided the kit: every panel
      // remote ships it.
      ...(isPanelRemote(name) ? [new TinymceAssetsPlugin(resolve(root, 'panel-kit'))] : []),
    ],
  };
}

/** A remote that renders on the server also builds its server module into its folder's `server/`. */
function serverConfigs(name, env, argv) {
  if (!SERVER_RENDERED_REMOTES.includes(name)) return [];
  const srcDir = env.src ? resolve(root, env.src) : resolve(root, 'remotes', name);
  const outDir = env.outDir ? resolve(root, env.outDir) : resolve(distDir, 'remotes', name);
  return [
    remoteServerConfig(argv, { name, routes: resolve(srcDir, 'src/routes.ts'), path: resolve(outDir, 'server') }),
  ];
}

export default (env = {}, argv = {}) => {
  const names = env.remote ? [env.remote] : remoteNames();
  for (const name of names) {
    if (!existsSync(resolve(root, 'remotes', name))) throw new Error(`Unknown remote "${name}" (see remotes/).`);
  }
  if (env.outDir && names.length !== 1) throw new Error('--env outDir needs --env remote=<name>.');
  return names.flatMap((name) => [remoteConfig(name, env, argv), ...serverConfigs(name, env, argv)]);
};
