import { createBundledUseT } from '@proxy/contract/i18n-bundle';
import en from './en.json';
import ru from './ru.json';

/** The kit's typed `t`: the kit is no remote, so its strings travel with it (namespace `site-kit`). */
export const useKitT = createBundledUseT('site-kit', { ru, en });
