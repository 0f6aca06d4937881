import { useTranslation } from 'react-i18next';
import { createUseT } from '@proxy/contract/i18n';
import { LANGUAGES } from '@proxy/contract/languages';
import en from './en.json';
import ru from './ru.json';

export const KIT_NAMESPACE = 'panel-kit';
const bundles = { ru, en } as const;
const useNamespace = createUseT<typeof en>(KIT_NAMESPACE);

/**
 * The kit's typed `t`. The kit is no remote, so the shell never adds its strings: the first kit component on screen
 * adds them to the site's one i18next instance (idempotent), whichever panel section got there first.
 */
export function useKitT() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', KIT_NAMESPACE)) {
    for (const language of LANGUAGES) i18n.addResourceBundle(language, KIT_NAMESPACE, bundles[language], true, true);
  }
  return useNamespace();
}

export type KitT = ReturnType<typeof useKitT>['t'];
