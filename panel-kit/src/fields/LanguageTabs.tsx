import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { LANGUAGES, type Language } from '@proxy/contract/languages';
import { useKitT } from '../i18n/use-kit-t.ts';

/**
 * A form's per-language fields (ru, en) in tabs. Both tabs stay rendered, so an error on a field of the hidden
 * language still lands on its field; `useLanguageTab` opens the tab holding the first field an error names.
 */
export function LanguageTabs({
  active,
  onChange,
  children,
}: {
  active: Language;
  onChange: (language: Language) => void;
  children: (language: Language) => ReactNode;
}) {
  const { t } = useKitT();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => onChange(key as Language)}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(`languages.${language}`),
        forceRender: true,
        children: children(language),
      }))}
    />
  );
}

/** The language a field belongs to by its name (`title_en`, `data_en.items.0.title`), if any. */
export function languageOfField(field: string | undefined): Language | undefined {
  const head = (field ?? '').split('.')[0] ?? '';
  return LANGUAGES.find((language) => head.endsWith(`_${language}`));
}

/**
 * The tab a form's `LanguageTabs` shows (Russian first), and the `onFieldErrors` a resource form calls with the fields
 * the server refused: it switches to the language of the first one, so the error is in view.
 */
export function useLanguageTab() {
  const [tab, setTab] = useState<Language>('ru');
  return { tab, setTab, onFieldErrors: (fields: string[]) => setTab(languageOfField(fields[0]) ?? tab) };
}
