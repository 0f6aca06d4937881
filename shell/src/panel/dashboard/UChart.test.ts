// The panel's charts write times in the page's language, not uPlot's US English.
import { describe, expect, it } from 'vitest';
import { timeFormats } from './UChart.tsx';

const AT = Date.UTC(2026, 11, 7, 15, 30) / 1000;
const DAY = 24 * 3600;

describe('chart times', () => {
  it('reads hours and minutes on a day chart, and the day and month on a longer one, in Russian', () => {
    expect(timeFormats('ru', DAY).tick(AT)).toMatch(/^\d{2}:\d{2}$/);
    expect(timeFormats('ru', 7 * DAY).tick(AT)).toMatch(/^\d{1,2} дек\.?$/);
    expect(timeFormats('ru', DAY).point(AT)).toMatch(/^\d{2}\.12\.2026, \d{2}:\d{2}$/);
  });

  it('reads them the British way in English: a 24-hour clock and the day before the month', () => {
    expect(timeFormats('en', DAY).tick(AT)).toMatch(/^\d{2}:\d{2}$/);
    expect(timeFormats('en', 7 * DAY).tick(AT)).toMatch(/^\d{1,2} Dec$/);
    expect(timeFormats('en', DAY).point(AT)).toMatch(/^\d{2}\/12\/2026, \d{2}:\d{2}$/);
  });
});
