// The TinyMCE files a remote ships are the ones the editor loads: every file named exists in the installed packages,
// and the panel-page remote's list covers the plugins and language its editor asks for.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinymceFiles } from './tinymce-assets.js';

const root = resolve(import.meta.dirname, '..');
const config = JSON.parse(readFileSync(resolve(root, 'panel-kit/tinymce.json'), 'utf8'));

describe('TinyMCE assets', () => {
  it('names only files that exist, under the paths TinyMCE loads them from', () => {
    const files = tinymceFiles(config);
    expect(files.filter((file) => !existsSync(file.from))).toEqual([]);
    const targets = files.map((file) => file.to);
    expect(targets).toEqual(
      expect.arrayContaining([
        'tinymce.min.js',
        'themes/silver/theme.min.js',
        'models/dom/model.min.js',
        'icons/default/icons.min.js',
        'skins/ui/oxide/skin.min.css',
        'skins/content/default/content.min.css',
        'langs/ru.js',
        ...config.plugins.map((plugin: string) => `plugins/${plugin}/plugin.min.js`),
      ]),
    );
  });

  it('copies the plugins the editor turns on, and the Russian pack', () => {
    const editor = readFileSync(resolve(root, 'panel-kit/src/editor/TinyEditor.tsx'), 'utf8');
    expect(editor).toContain("plugins: files.plugins.join(' ')");
    expect(config.plugins).toEqual(expect.arrayContaining(['image', 'link', 'lists']));
    expect(config.languages).toEqual(['ru']);
  });
});
