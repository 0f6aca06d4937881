import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/**
 * The top-up dialog's strings travel with the dialog's lazy chunk (as the auth dialog's do): the first paint carries
 * only the header's "Balance" and "Top up".
 */
export const useBillingT = createBundledUseT('shell-billing', { ru, en });
