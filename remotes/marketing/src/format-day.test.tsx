import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormatDay } from './format-day.ts';
import { renderPage } from './test/render-page.tsx';

// 800 days from 2025-01-01, late in the UTC day: a local time zone ahead of UTC would already be on the next one.
const DAYS = Array.from({ length: 800 }, (_, day) => new Date(Date.UTC(2025, 0, 1 + day, 23, 30)));

function Days() {
  const formatDay = useFormatDay();
  return <p data-testid="days">{DAYS.map(formatDay).join('|')}</p>;
}

describe('useFormatDay', () => {
  afterEach(cleanup);

  it.each(['ru', 'en'] as const)(
    'writes every day exactly as Intl’s long date style does, in UTC (%s)',
    async (language) => {
      await renderPage(Days, null, language);
      const intl = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
      expect(screen.getByTestId('days').textContent?.split('|')).toEqual(DAYS.map((date) => intl.format(date)));
    },
  );

  it('reads as people write dates in each language', async () => {
    await renderPage(Days, null, 'ru');
    expect(screen.getByTestId('days').textContent).toContain('29 ноября 2026 г.');
  });
});
