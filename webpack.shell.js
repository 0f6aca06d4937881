// Builds the host shell into dist/shell. It knows no remote URLs: at start it reads /remotes.json and registers
// each remote's mf-manifest.json, so a remote can be redeployed without rebuilding or restarting the shell.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { commonConfig } from './build/common.js';
import { federationDefaults } from './build/federation.js';
import { FlagAssetsPlugin } from './build/flag-assets.js';
import { shellServerConfig } from './build/server-build.js';
import { StartupPreloadPlugin, startupCacheGroups } from './build/startup-chunks.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default (env = {}, argv = {}) => [browserConfig(env, argv), serverConfig(env, argv)];

const outDirOf = (env) => resolve(here('.'), env.outDir ?? join(process.env.DIST_DIR ?? 'dist', 'shell'));

/** The renderer the API server's worker runs for server-rendered pages (dist/shell/server/render.cjs). */
const serverConfig = (env, argv) =>
  shellServerConfig(argv, { entry: here('./shell/src/server/render.tsx'), path: join(outDirOf(env), 'server') });

function browserConfig(env, argv) {
  const common = commonConfig(argv);
  return {
    ...common,
    name: 'shell',
    entry: { main: here('./shell/src/index.tsx') },
    output: {
      ...common.output,
      path: outDirOf(env),
      // Absolute, so a deep link such as /en/page/faq still loads /main.js.
      publicPath: '/',
      uniqueName: 'shell',
    },
    // The server fills the template's <!--app-title--> and <!--app-state--> comments per request: keep them.
    optimization: {
      ...common.optimization,
      minimizeOptions: { html: false },
      splitChunks: { cacheGroups: startupCacheGroups },
    },
    plugins: [
      ...common.plugins,
      new ModuleFederationPlugin({
        ...federationDefaults,
        name: 'shell',
        remotes: {},
        runtimePlugins: [
          here('./shell/src/federation/provide-runtime-plugin.ts'),
          here('./shell/src/federation/fallback-plugin.ts'),
        ],
      }),
      new HtmlWebpackPlugin({
        template: here('./shell/index.html'),
        inject: 'body',
        scriptLoading: 'defer',
        minify: false,
        favicon: here('./shell/public/favicon.svg'),
      }),
      new StartupPreloadPlugin(),
      new FlagAssetsPlugin(),
    ],
  };
}
