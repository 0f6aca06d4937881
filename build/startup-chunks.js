// The shell's start-up: what a first visit needs before the shell's own code can run, and hints that let the browser
// fetch it all in parallel with main.js instead of one round trip after another.
//
// With `asyncStartup` main.js first loads every shared package its code imports (react, react-router, i18next,
// jotai, the contract) and only then runs the shell, which then fetches /remotes.json, then a remote's manifest, then
// its entry. Each of those steps waited for the one before (6 round trips before the page could render). The shell's
// copies of the shared packages are the ones every page uses (the shell loads first), so the HTML can name them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const nodeModules = (...names) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Named async chunks for the shared packages of the start-up (webpack's splitChunks cache groups). Named, so the
 * preload hints below can find them; grouped, so a dozen tiny contract modules are one request, not twelve.
 * Only for the shell: a remote's copies load only when the shell lacks a module, one at a time, and must stay small.
 */
export const STARTUP_CHUNKS = {
  react: nodeModules('react', 'react-dom', 'scheduler'),
  router: nodeModules('react-router'),
  i18n: nodeModules('i18next', 'react-i18next', 'html-parse-stringify', 'void-elements'),
  jotai: nodeModules('jotai'),
  // Not the modules only lazy code uses: the form schemas and the form and request helpers (the auth dialog, the
  // panel; valibot comes with them), the panel's and the customer's money API calls and crypto assets, payment
  // idempotency keys, the account and Telegram calls (only the `?email_change=` link's lazy module and the profile),
  // sections and bundled strings.
  contract:
    /[\\/]shared[\\/]src[\\/](?!schemas[\\/]|forms\.ts|i18n-bundle\.ts|panel-sections\.ts|assets\.ts|idempotency\.ts|api[\\/](?:decode|panel-|billing|account|telegram))/,
};

export const startupCacheGroups = Object.fromEntries(
  Object.entries(STARTUP_CHUNKS).map(([name, test]) => [name, { test, name, chunks: 'async', enforce: true }]),
);

/**
 * The script a server-rendered page loads in place of these (server/lib/html.ts): it starts them once the page has
 * painted. Shipped as `after-paint.js` beside main.js, minified like it.
 */
const AFTER_PAINT = fileURLToPath(new URL('../shell/public/after-paint.js', import.meta.url));

/**
 * Adds `<link rel="preload">` to the shell's HTML for the start-up chunks and for /remotes.json (fetched by
 * shell/src/federation/remotes.ts with the same mode, so the browser reuses the preloaded response); and ships
 * `after-paint.js`, named to the server by a comment in the HTML (`<!--after-paint:/after-paint.js-->`): a server
 * given an older shell build, without the file, leaves the scripts as they are.
 */
export class StartupPreloadPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(AFTER_PAINT);
          compilation.emitAsset('after-paint.js', new sources.RawSource(readFileSync(AFTER_PAINT)));
        },
      );
    });
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const scripts = Object.keys(STARTUP_CHUNKS)
          .map((name) => [...(compilation.namedChunks.get(name)?.files ?? [])].find((file) => file.endsWith('.js')))
          .filter(Boolean);
        const link = (attributes) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', ...attributes }, undefined, {
            plugin: 'StartupPreloadPlugin',
          });
        data.headTags.push(
          link({ href: '/remotes.json', as: 'fetch', crossorigin: 'anonymous' }),
          ...scripts.map((file) => link({ href: `${publicPath}${file}`, as: 'script' })),
        );
        return data;
      });
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('StartupPreloadPlugin', (data) => {
        const marker = `<!--after-paint:${compilation.outputOptions.publicPath}after-paint.js-->`;
        return { ...data, html: data.html.replace('</body>', `${marker}</body>`) };
      });
    });
  }
}
