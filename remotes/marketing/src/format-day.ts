import type { Language } from '@proxy/contract/languages';
import { useT } from './i18n/use-t.ts';

const MONTHS: Record<Language, readonly string[]> = {
  ru: 'января февраля марта апреля мая июня июля августа сентября октября ноября декабря'.split(' '),
  en: 'January February March April May June July August September October November December'.split(' '),
};

/**
 * Days as the pages write them ('5 января 2026 г.', 'January 5, 2026'), in UTC so the server and every visitor's
 * browser print the same day. Written out, exactly as Intl.DateTimeFormat's long style writes them
 * (format-day.test.tsx compares the two), not through Intl: its first use on a page loads the language's locale data,
 * 30-60 ms of a phone's main thread while the page starts (shared/src/money.ts writes prices out for the same reason).
 */
export function useFormatDay(): (date: Date) => string {
  const { language } = useT();
  return (date) => {
    const [day, month, year] = [date.getUTCDate(), MONTHS[language][date.getUTCMonth()], date.getUTCFullYear()];
    return language === 'ru' ? `${day} ${month} ${year} г.` : `${month} ${day}, ${year}`;
  };
}
