import { useTranslation } from 'react-i18next';
import { createUseT } from './i18n.ts';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * A `useT` for strings that ship with the code using them (the panel kit, the panel frame) rather than with a
 * remote's entry or the shell's first paint: the first component on screen adds them to the site's one i18next
 * instance, idempotently, whichever got there first.
 */
export function createBundledUseT<T extends object>(namespace: string, bundles: Readonly<Record<Language, T>>) {
  const useNamespace = createUseT<T>(namespace);
  return function useBundledT() {
    const { i18n } = useTranslation();
    if (!i18n.hasResourceBundle('en', namespace)) {
      for (const language of LANGUAGES) i18n.addResourceBundle(language, namespace, bundles[language], true, true);
    }
    return useNamespace();
  };
}
