// The precompressed files must be byte-for-byte the final assets: compressing before minification or before the real
// content hashes are written served a main.js that pointed at chunks that do not exist.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import webpack from 'webpack';
import { afterAll, describe, expect, it } from 'vitest';
import { CompressAssetsPlugin } from './compress-assets.js';

const dir = mkdtempSync(join(tmpdir(), 'compress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CompressAssetsPlugin', () => {
  it('writes .br and .gz copies of the final, minified and hashed assets', async () => {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/lazy.js'), `export const text = ${JSON.stringify('lazy '.repeat(400))};\n`);
    writeFileSync(
      join(dir, 'src/index.js'),
      `import('./lazy.js').then((m) => console.log(m.text, ${JSON.stringify('main '.repeat(400))}));\n`,
    );
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './src/index.js',
      output: { path: join(dir, 'out'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [new CompressAssetsPlugin()],
    });
    await new Promise<void>((done, fail) =>
      compiler.run((error, stats) => (error || stats?.hasErrors() ? fail(error ?? stats?.toString()) : done())),
    );
    const files = readdirSync(join(dir, 'out'));
    const scripts = files.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBe(2);
    for (const name of scripts) {
      const original = readFileSync(join(dir, 'out', name));
      expect(brotliDecompressSync(readFileSync(join(dir, 'out', `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dir, 'out', `${name}.gz`)))).toEqual(original);
    }
  });
});
