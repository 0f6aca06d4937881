import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@proxy/contract/languages';
import en from './en.json';
import ru from './ru.json';
import { SHELL_NAMESPACE } from './use-t.ts';

/**
 * The one i18next instance of the site. The shell owns it; each remote's translations are added under the remote's
 * name when it loads. Resources are bundled, so it initialises synchronously.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { en: { [SHELL_NAMESPACE]: en }, ru: { [SHELL_NAMESPACE]: ru } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
