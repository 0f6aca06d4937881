/**
 * The browser and the operating system a session's user agent names, for the user's list of signed-in devices: the
 * common families only (a name someone recognises), never a full parser; anything else reads empty.
 */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Yandex Browser', /\bYaBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid (\d+)/],
  ['iOS', /\b(?:iPhone|iPad|iPod).*? OS (\d+)/],
  ['Windows', /\bWindows NT/],
  ['macOS', /\bMac OS X/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

const named = (table: readonly [string, RegExp][], userAgent: string): string => {
  for (const [name, pattern] of table) {
    const match = pattern.exec(userAgent);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return '';
};

export function describeUserAgent(userAgent: string): { readonly browser: string; readonly os: string } {
  return { browser: named(BROWSERS, userAgent), os: named(SYSTEMS, userAgent) };
}
