// Bench only (`npm run bench`): the shell and the marketing pages built as ONE ordinary bundle, without Module
// Federation, into a scratch folder (--env outDir=...). It is the yardstick the federated build's cold-visit JavaScript
// is compared with (issue "Public site speed": at most 1.15× of it). Same loaders, minifier and lazy imports as the
// real shell; only the remote loading is swapped for static imports (build/bench/single-bundle-remotes.ts).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { commonConfig } from './build/common.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const federatedRemotes = here('./shell/src/federation/remotes.ts');
const singleBundleRemotes = here('./build/bench/single-bundle-remotes.ts');

export default (env = {}) => {
  if (!env.outDir) throw new Error('webpack.bench.js needs --env outDir=<scratch folder>.');
  const common = commonConfig({ mode: 'production' });
  return {
    ...common,
    name: 'single-bundle',
    entry: { main: here('./shell/src/index.tsx') },
    output: { ...common.output, path: resolve(env.outDir), publicPath: '/', clean: true },
    // No source maps or precompressed copies: only the JavaScript a browser runs is measured.
    devtool: false,
    optimization: { ...common.optimization, minimizeOptions: { html: false } },
    plugins: [
      ...common.plugins.filter((plugin) => plugin.constructor.name !== 'CompressAssetsPlugin'),
      new webpack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]remotes\.ts$/, (resolveData) => {
        // Swapped before resolution (an absolute request), so the stand-in's own imports resolve from its folder.
        if (resolveData.request && resolve(resolveData.context, resolveData.request) === federatedRemotes) {
          resolveData.request = singleBundleRemotes;
        }
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
