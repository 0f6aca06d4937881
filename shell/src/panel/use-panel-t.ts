import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/** The panel frame's strings travel with the frame's lazy chunks, not with the public site's first paint. */
export const usePanelT = createBundledUseT('shell-panel', { ru, en });
