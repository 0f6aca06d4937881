import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './en.json';
import ru from './ru.json';

/**
 * The downloads page's strings travel with its lazy chunk (namespace `marketing-downloads`), as the shell's dialogs'
 * do: the home page's first paint, whose byte budget is nearly spent (README, Speed), does not carry them.
 */
export const useDownloadsT = createBundledUseT('marketing-downloads', { ru, en });
