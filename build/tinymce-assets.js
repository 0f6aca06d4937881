// Ships TinyMCE with the remotes that use it: the panel kit's `tinymce.json` ({plugins, languages}) gives every panel remote the
// editor's files in a `tinymce/` folder of its own output, next to its chunks. The editor is then self-hosted (no
// cloud script), loaded from the remote's public path, and deployed together with the code that uses it, so the
// remote stays independently deployable. Only what the editor loads is copied (~1 MB of the package's ~8 MB), and
// the files go through the normal asset pipeline, so they are precompressed like every other asset.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The files TinyMCE 8 loads in iframe mode with the oxide skin, by their path under the package. */
export function tinymceFiles({ plugins = [], languages = [] }) {
  const tinymceDir = dirname(require.resolve('tinymce/package.json'));
  const i18nDir = dirname(require.resolve('tinymce-i18n/package.json'));
  const fromPackage = [
    'tinymce.min.js',
    'license.md',
    'themes/silver/theme.min.js',
    'models/dom/model.min.js',
    'icons/default/icons.min.js',
    'skins/ui/oxide/skin.min.css',
    'skins/ui/oxide/content.min.css',
    'skins/content/default/content.min.css',
    ...plugins.map((plugin) => `plugins/${plugin}/plugin.min.js`),
  ].map((file) => ({ from: join(tinymceDir, file), to: file }));
  // tinymce-i18n's packs for TinyMCE 8 (langs8/) under the name the editor's `language_url` asks for.
  const packs = languages.map((language) => ({
    from: join(i18nDir, 'langs8', `${language}.js`),
    to: `langs/${language}.js`,
  }));
  return [...fromPackage, ...packs];
}

export class TinymceAssetsPlugin {
  /** @param {string} configDir the folder of the tinymce.json (the panel kit's); nothing happens without one */
  constructor(configDir) {
    this.configFile = resolve(configDir, 'tinymce.json');
  }

  apply(compiler) {
    if (!existsSync(this.configFile)) return;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('TinymceAssetsPlugin', (compilation) => {
      compilation.fileDependencies.add(this.configFile);
      compilation.hooks.processAssets.tap(
        { name: 'TinymceAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const config = JSON.parse(readFileSync(this.configFile, 'utf8'));
          for (const file of tinymceFiles(config)) {
            if (!existsSync(file.from)) {
              compilation.errors.push(new compiler.webpack.WebpackError(`TinyMCE file missing: ${file.from}`));
              continue;
            }
            // Already minified by TinyMCE: `minimized` keeps Terser from spending a minute redoing it.
            compilation.emitAsset(`tinymce/${file.to}`, new sources.RawSource(readFileSync(file.from)), {
              minimized: true,
            });
          }
        },
      );
    });
  }
}
