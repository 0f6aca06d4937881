import type { Language } from '@proxy/contract/languages';

/** A timestamp as a short date and time in the panel's language. */
export const formatMoment = (iso: string, language: Language): string =>
  new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });

/** `/panel/farm/modems/{id}` and `/panel/farm/hosts/{id}` take a database id only: anything else is the 404 page. */
export const isRowId = (id: string | undefined): boolean => /^[1-9][0-9]{0,9}$/.test(id ?? '');
