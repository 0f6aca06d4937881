/**
 * A country's flag as an emoji: the two regional-indicator letters of its ISO 3166 code, which the system's emoji
 * font draws as the flag (Windows draws the letters instead, still readable). Empty for anything but two letters.
 */
export function flagOf(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the interface language ('RU' → 'Россия' / 'Russia'); the code when the browser has none. */
export function countryName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // DisplayNames throws a RangeError on a code that is not well-formed; the stock may carry anything.
    return code;
  }
}
