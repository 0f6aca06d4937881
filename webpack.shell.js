// Builds the host shell into dist/shell. It knows no remote URLs: at start it reads /remotes.json and registers
// each remote's mf-manifest.json, so a remote can be redeployed without rebuilding or restarting the shell.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { commonConfig } from './build/common.js';
import { federationDefaults } from './build/federation.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default (env = {}, argv = {}) => {
  const common = commonConfig(argv);
  return {
    ...common,
    name: 'shell',
    entry: { main: here('./shell/src/index.tsx') },
    output: {
      ...common.output,
      path: resolve(here('.'), env.outDir ?? join(process.env.DIST_DIR ?? 'dist', 'shell')),
      // Absolute, so a deep link such as /en/page/faq still loads /main.js.
      publicPath: '/',
      uniqueName: 'shell',
    },
    // The server fills the template's <!--app-title--> and <!--app-state--> comments per request: keep them.
    optimization: {
      minimizeOptions: { html: false },
      splitChunks: {
        cacheGroups: {
          // Every shared package is its own async chunk; these always load together at start-up, so one request
          // each instead of a dozen (the contract's modules are a few hundred bytes apiece, and each copy carried
          // its own languages.ts). Only in the shell: a remote's contract fallback loads alone, when the shell
          // lacks that module, and must stay small.
          contract: { test: /[\\/]shared[\\/]src[\\/]/, name: 'contract', chunks: 'async', enforce: true },
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            chunks: 'async',
            enforce: true,
          },
        },
      },
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
    ],
  };
};
