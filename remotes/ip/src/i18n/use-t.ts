import { createUseT, type TranslationKey } from '@proxy/contract/i18n';
import type en from './en.json';

const useNamespace = createUseT<typeof en>('ip');

/** A key with plural forms (`daysLeft_one`, `_few`, `_many`, `_other`), named without its suffix as i18next takes it. */
export type PluralKey = TranslationKey<typeof en> extends infer K ? (K extends `${infer B}_one` ? B : never) : never;

/**
 * The remote's `t`, typed from its English file, and `tp` for counted texts: i18next picks the plural form from
 * `count` by the language's rules (Russian has one, few and many). Both files carry all four forms so their keys
 * match (build/translations.test.ts); English only ever uses `_one` and `_other`.
 */
export function useT() {
  const { t, language } = useNamespace();
  const tp = (key: PluralKey, count: number, options: Readonly<Record<string, unknown>> = {}) =>
    (t as unknown as (key: string, options: Readonly<Record<string, unknown>>) => string)(key, { ...options, count });
  return { t, tp, language };
}
