import type { Language } from '@proxy/contract/languages';

/**
 * The locale the panel writes dates in: Russian, or British English (the day before the month, a 24-hour clock), as
 * its dashboard does. `en` alone is US English, whose "12/7/26" reads as July 12th beside the dashboard's "07/12/2026".
 */
export const panelLocale = (language: Language): string => (language === 'ru' ? 'ru-RU' : 'en-GB');
