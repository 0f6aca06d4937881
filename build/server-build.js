// The server builds of server rendering (README, "Server rendering"): the shell's renderer and the server module of each
// remote that renders on the server, run by the API server's render worker (server/lib/ssr). One CommonJS file each:
// no chunks to find at run time, so a deploy folder's `server/` is complete by itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { cssModules, isProduction, swcRule } from './common.js';

const contract = JSON.parse(readFileSync(new URL('../shared/package.json', import.meta.url), 'utf8'));

/** The remotes that ship a server build (their `server/routes.cjs`); the others render in the browser only. */
export const SERVER_RENDERED_REMOTES = ['marketing'];

/** The file a remote's server build writes in its deploy folder, beside its mf-manifest.json. */
export const REMOTE_SERVER_ENTRY = 'server/routes.cjs';

/** A package import (`react`, `react-dom/static`), not a file of ours nor a loader request (`-!css-loader!…`). */
const isPackage = (request) => /^(@[\w.-]+\/)?[a-z0-9]/i.test(request) && !/^[a-z]:|!/i.test(request);

/**
 * The libraries a page shares with the shell, which the worker provides to every server module (`require`): one
 * React, one router, one store library, one i18next in the worker, as federation makes them one in the browser.
 */
const SHARED_LIBRARY = /^(react|react-dom|react-router|jotai|i18next|react-i18next)(\/|$)/;

/**
 * The shell's renderer bundles its own code and the contract (whose modules it hands to the remotes); every npm
 * package stays a `require` the worker answers from node_modules.
 */
const shellExternal = (request) => isPackage(request) && !request.startsWith('@proxy/');

/** A remote's server module takes the shared libraries and the contract from the worker, and bundles the rest. */
const remoteExternal = (request) => SHARED_LIBRARY.test(request) || request.startsWith('@proxy/contract/');

function serverConfig(argv, { name, entry, path, filename, external, alias = {} }) {
  const production = isProduction(argv);
  return {
    name,
    mode: production ? 'production' : 'development',
    target: 'node',
    devtool: false,
    entry: { [filename.replace(/\.cjs$/, '')]: entry },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias },
    module: {
      rules: [
        swcRule(production),
        {
          test: /\.css$/,
          // Class names only: the browser's build ships the stylesheets.
          use: [{ loader: 'css-loader', options: { modules: { ...cssModules(production), exportOnlyLocals: true } } }],
        },
      ],
    },
    externals: [({ request }, callback) => callback(undefined, external(request) ? `commonjs ${request}` : undefined)],
    output: { path, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: false },
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ CONTRACT_VERSION: JSON.stringify(contract.version) }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** `dist/shell/server/render.cjs`: the shell's renderer. */
export const shellServerConfig = (argv, { entry, path }) =>
  serverConfig(argv, { name: 'shell-server', entry, path, filename: 'render.cjs', external: shellExternal });

/** `<remote folder>/server/routes.cjs`: the remote's `./routes` for the server, built against this contract. */
export const remoteServerConfig = (argv, { name, routes, path }) =>
  serverConfig(argv, {
    name: `${name}-server`,
    entry: fileURLToPath(new URL('./remote-server-entry.js', import.meta.url)),
    path,
    filename: 'routes.cjs',
    external: remoteExternal,
    alias: { 'remote-routes$': routes },
  });
