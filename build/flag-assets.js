// Ships the country flags with the shell: flag-icons' 4:3 SVGs of the ISO 3166 codes (two letters: not its regional
// and organisation extras) as `flags/xx.svg` in the shell's output, served by the site from `/flags/` (`Flag` and
// `flagUrl` of the contract's countries module). Files rather than emoji (Windows draws no emoji flags) and rather than code inlined into the
// JS (the home page's budget): a page loads the few flags it shows. They go through the normal asset pipeline, so
// they are precompressed like every other asset.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const COUNTRY_FLAG = /^[a-z]{2}\.svg$/;

/** The flag files to copy: `from` in the installed package, `to` under the shell's output; and the package's licence. */
export function flagFiles() {
  const packageDir = dirname(require.resolve('flag-icons/package.json'));
  const flagsDir = join(packageDir, 'flags', '4x3');
  const flags = readdirSync(flagsDir)
    .filter((name) => COUNTRY_FLAG.test(name))
    .map((name) => ({ from: join(flagsDir, name), to: `flags/${name}` }));
  // MIT: the notice travels with the copies.
  return [...flags, { from: join(packageDir, 'LICENSE'), to: 'flags/LICENSE.txt' }];
}

export class FlagAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FlagAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FlagAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of flagFiles()) {
            // Already optimised by flag-icons: `minimized` keeps the minimizers off them.
            compilation.emitAsset(file.to, new sources.RawSource(readFileSync(file.from)), { minimized: true });
          }
        },
      );
    });
  }
}
