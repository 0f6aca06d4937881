// The flags the shell ships are the files the pages ask for: every ISO 3166 code's flag-icons SVG, under the path the
// contract's flagUrl names, and nothing of the package's regional extras.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flagUrl } from '@proxy/contract/countries';
import { flagFiles } from './flag-assets.js';

describe('flag assets', () => {
  const files = flagFiles();
  const targets = files.map((file) => file.to);

  it('copies every country flag from the installed package, with its licence', () => {
    expect(files.filter((file) => !existsSync(file.from))).toEqual([]);
    // ISO 3166-1 has 249 codes; flag-icons draws each of them (and a few more two-letter ones, such as XK).
    expect(targets.filter((to) => to.endsWith('.svg')).length).toBeGreaterThanOrEqual(249);
    expect(targets).toContain('flags/LICENSE.txt');
    expect(targets).not.toContain('flags/gb-eng.svg');
  });

  it("puts each flag where the pages' Flag loads it from", () => {
    for (const code of ['RU', 'KZ', 'UA', 'US', 'GB', 'DE']) {
      expect(targets).toContain(flagUrl(code)?.slice(1));
    }
  });
});
