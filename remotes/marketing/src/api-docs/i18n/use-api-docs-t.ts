import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './en.json';
import ru from './ru.json';

/**
 * The API documentation page's strings travel with its lazy chunk (namespace `marketing-api-docs`), as the downloads
 * page's do: the home page's first paint does not carry them.
 */
export const useApiDocsT = createBundledUseT('marketing-api-docs', { ru, en });
