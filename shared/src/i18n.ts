import { useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './languages.ts';

/** Every key of a nested translation object as a dotted path: `{a: {b: 'x'}}` → `'a.b'`. */
export type TranslationKey<T> = {
  [K in keyof T & string]: T[K] extends Readonly<Record<string, unknown>> ? `${K}.${TranslationKey<T[K]>}` : K;
}[keyof T & string];

export type TypedT<T> = (key: TranslationKey<T>, options?: Readonly<Record<string, unknown>>) => string;

/**
 * Makes a `useT` hook for one namespace (the shell's, or a remote's, named after it) whose keys are typed from that
 * namespace's English file, so a typo is a type error. All namespaces live in the one i18next instance the shell
 * owns; the hook reads it through the shared react-i18next singleton.
 */
export function createUseT<T>(namespace: string): () => { t: TypedT<T>; language: Language } {
  return function useT() {
    const { t, i18n } = useTranslation(namespace);
    return {
      t: t as unknown as TypedT<T>,
      language: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
    };
  };
}
