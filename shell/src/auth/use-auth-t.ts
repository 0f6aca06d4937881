import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/**
 * The auth dialog's strings (its forms, their validation messages) travel with the dialog's lazy chunk: the public
 * first paint carries only what the page itself says about e-mail links.
 */
export const useAuthT = createBundledUseT('shell-auth', { ru, en });
