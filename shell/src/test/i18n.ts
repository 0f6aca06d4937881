import type { i18n as I18n } from 'i18next';
import type { Language } from '@proxy/contract/languages';
import en from '../i18n/en.json';
import { createI18n } from '../i18n/instance.ts';
import ru from '../i18n/ru.json';
import { SHELL_NAMESPACE } from '../i18n/use-t.ts';

/**
 * The site's i18next instance for a component test: in `language`, with the shell's strings of both languages at
 * hand at once (the browser fetches the other language's only on a switch).
 */
export function testI18n(language: Language): I18n {
  const i18n = createI18n(language, language === 'ru' ? ru : en);
  i18n.addResourceBundle(language === 'ru' ? 'en' : 'ru', SHELL_NAMESPACE, language === 'ru' ? en : ru);
  return i18n;
}
