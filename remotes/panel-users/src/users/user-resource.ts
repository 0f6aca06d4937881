/**
 * The accounts' data for the panel's one shape: the user screen's id check and loader, and the formats the list and
 * the user screen share. The screens call the contract's API functions directly.
 */
import { getPanelUser } from '@proxy/contract/api/panel-users';
import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { api } from '@proxy/contract/state';
import { panelLocale } from '@proxy/panel-kit';

/** `/panel/users/{id}` takes a database id only: anything else is the 404 page, not a failed API call. */
export const validateUserId = ({ params }: PageLoaderArgs) => /^[1-9][0-9]{0,9}$/.test(params.id ?? '');

/** The user screen's data: the account with its flags, balance and permission strings (404 for an unknown id). */
export const loadUserEdit = ({ params, signal }: PageLoaderArgs): Promise<PanelUserDetail> =>
  getPanelUser(api, Number(params.id), signal);

/** A timestamp as a short date and time in the panel's language. */
export const formatMoment = (iso: string, language: Language): string =>
  new Date(iso).toLocaleString(panelLocale(language), { dateStyle: 'short', timeStyle: 'short' });

/** Minor units as typed amounts are scaled: the site's currencies all have two decimals. */
export const MINOR_PER_MAJOR = 100;

/** The currency's sign as the language writes it (₽, $), for a field that takes an amount in major units. */
export function currencySign(currency: Currency, language: Language): string {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** A change of a balance with its sign: "+100 ₽", "−50 ₽" (a debit's minus comes from the number format). */
export const signedPrice = (minor: number, currency: Currency, language: Language): string =>
  `${minor > 0 ? '+' : ''}${formatPrice(minor, currency, language)}`;
