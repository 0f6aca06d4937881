/** How the IP screens write amounts of traffic and countdowns (dates, money and countries: the site kit and the contract). */

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * An amount of traffic in decimal units, as operators bill it ('1,5 ГБ', '340 MB'). Bytes are written out in the
 * language's plural forms ('2 байта', '196 bytes'): their short form is one letter in Russian ('1 Б') and the bare
 * singular in English ('196 byte'); the larger units read right short.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.round(Math.max(0, bytes));
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** Seconds as m:ss for a countdown ('1:05'). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Today as `YYYY-MM-DD` in the visitor's time zone, for a downloaded file's name. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
