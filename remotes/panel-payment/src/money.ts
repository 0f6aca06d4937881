import type { Language } from '@proxy/contract/languages';
import { CURRENCIES, type Currency } from '@proxy/contract/money';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { panelLocale } from '@proxy/panel-kit';

/**
 * The site's one currency (design "Money"): the signed-in user's account carries it (`GET /api/users/`), and the
 * panel's methods and promo codes, which have none of their own, are in it.
 */
export function useSiteCurrency(): Currency {
  const currency = useAtomValue(userAtom)?.currency;
  return currency && CURRENCIES.includes(currency) ? currency : 'RUB';
}

/** The currency's sign as the language writes it (₽, $), for a field that takes an amount in major units. */
export function currencySign(currency: Currency, language: Language): string {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** A percent as the language writes it: "2,5 %", "2.5%". */
export const formatPercent = (percent: number, language: Language): string =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);

/** A timestamp as a short date and time in the panel's language. */
export const formatMoment = (iso: string, language: Language): string =>
  new Date(iso).toLocaleString(panelLocale(language), { dateStyle: 'short', timeStyle: 'short' });

/** A calendar day (`YYYY-MM-DD`, UTC) in the panel's language. */
export const formatDay = (day: string, language: Language): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(panelLocale(language), { timeZone: 'UTC' });
