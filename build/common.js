// Loader, style and output settings every build shares (shell and remotes alike).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { CompressAssetsPlugin } from './compress-assets.js';

export const isProduction = (argv) => (argv.mode ?? 'production') === 'production';

/**
 * react-router's package exports name only its development build (dev warnings on) under every condition webpack
 * matches, so `resolve.conditionNames` cannot pick the production one: a production build points the bare import at
 * it directly. The shared-module version still comes from react-router's package.json next to it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * CSS modules as every build names them: the server builds (build/server-build.js) name each class exactly as the
 * browser's do, or a server-rendered page would hydrate with class names no stylesheet defines.
 */
export const cssModules = (production) => ({
  auto: /\.module\.css$/,
  namedExport: false,
  exportLocalsConvention: 'as-is',
  localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
});

/** TypeScript and JSX as every build compiles them. */
export const swcRule = (production) => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2022',
      },
    },
  },
});

export function commonConfig(argv) {
  const production = isProduction(argv);
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: production && existsSync(reactRouterProduction) ? { 'react-router$': reactRouterProduction } : {},
    },
    module: {
      rules: [
        {
          // Federation's generated entries import shared packages by default export too; under the package's
          // "type": "module" webpack would treat them as strict ESM and fail on antd, which has no default export.
          test: /[\\/]node_modules[\\/]\.federation[\\/]/,
          type: 'javascript/auto',
        },
        swcRule(production),
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: 'css-loader',
              options: {
                modules: cssModules(production),
              },
            },
          ],
        },
      ],
    },
    output: {
      // Entries keep stable names (the federation runtime cannot hash them); everything else is content-hashed
      // and served immutable, so a redeploy never changes a file a loaded page still refers to.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Old hashed chunks stay after a rebuild in place: a tab opened before the redeploy still loads them.
      clean: false,
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:8].css' }),
      ...(production ? [new CompressAssetsPlugin()] : []),
    ],
    // SWC's minifier instead of webpack's default terser: output as small (the shell's chunks 549 KB gzip against
    // terser's 555) in a fraction of the time: the whole production build takes ~2.5 minutes instead of ~6.5 here.
    optimization: {
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
