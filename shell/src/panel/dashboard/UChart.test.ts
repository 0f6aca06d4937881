// The panel's charts write times in the page's language, not uPlot's US English, and their value axis fits its labels.
import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { axisWidth, timeFormats } from './UChart.tsx';

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

describe('the value axis', () => {
  /** A drawn chart whose canvas measures 7 px a character, with uPlot's default ticks (10 px) and gap (5 px). */
  const chart = {
    axes: [{}, { font: ['12px sans-serif', 12], gap: 5, ticks: { size: 10 } }],
    ctx: { font: '', measureText: (text: string) => ({ width: text.length * 7 * devicePixelRatio }) },
  } as unknown as uPlot;

  it('is as wide as its longest label, so "RUB 10,000" is not cut to "UB 5,000" (#49)', () => {
    expect(axisWidth(chart, ['RUB 0', 'RUB 5,000', 'RUB 10,000'], 1)).toBe(10 + 5 + 70 + 4);
    expect(axisWidth(chart, ['0 ₽', '10 000 ₽'], 1)).toBe(10 + 5 + 56 + 4);
    expect(chart.ctx.font).toBe('12px sans-serif');
  });
});
