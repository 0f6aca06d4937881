import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@proxy/contract/languages';
import type en from './en.json';
import { SHELL_NAMESPACE } from './use-t.ts';

export type ShellStrings = typeof en;

/**
 * Each language's strings are a chunk of their own: a visitor downloads the language the page is in, and the other
 * only on switching to it (the home page's first paint is on a byte budget, README "Speed").
 */
const STRINGS: Readonly<Record<Language, () => Promise<{ default: ShellStrings }>>> = {
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

export const loadShellStrings = async (language: Language): Promise<ShellStrings> =>
  (await STRINGS[language]()).default;

/**
 * The one i18next instance of the site, in the language the page opened in, with that language's shell strings.
 * The shell owns it; each remote's translations are added under the remote's name when it loads.
 */
export function createI18n(language: Language, strings: ShellStrings): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { [language]: { [SHELL_NAMESPACE]: strings } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Switches the site's language, first fetching the shell's strings in it if this visit has not needed them yet. */
export async function changeLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.language === language) return;
  if (!i18n.hasResourceBundle(language, SHELL_NAMESPACE)) {
    i18n.addResourceBundle(language, SHELL_NAMESPACE, await loadShellStrings(language));
  }
  await i18n.changeLanguage(language);
}
