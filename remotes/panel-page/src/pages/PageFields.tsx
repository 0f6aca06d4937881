import type { Language } from '@proxy/contract/languages';
import { PAGE_MENUS, type PageInput, type PanelPage } from '@proxy/contract/schemas/page';
import {
  FieldGrid,
  IntegerField,
  LanguageTabs,
  RichTextField,
  SelectField,
  SwitchField,
  TextField,
} from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/** The form's values: a select cannot hold null, so "no menu" is 'none' here. */
export type PageValues = Omit<PageInput, 'menu'> & { menu: PageInput['menu'] | 'none' };

export const EMPTY_PAGE: PageValues = {
  slug: '',
  title_ru: '',
  title_en: '',
  body_ru: '',
  body_en: '',
  seo_title_ru: '',
  seo_title_en: '',
  seo_description_ru: '',
  seo_description_en: '',
  published: false,
  menu: 'none',
  sort_order: 0,
};

export const pageValues = (page: PanelPage): PageValues =>
  ({
    ...Object.fromEntries(Object.keys(EMPTY_PAGE).map((key) => [key, page[key as keyof PanelPage]])),
    menu: page.menu ?? 'none',
  }) as PageValues;

export const pageInput = (values: PageValues): PageInput => ({
  ...values,
  menu: values.menu === 'none' ? null : values.menu,
  sort_order: values.sort_order ?? 0,
});

/**
 * The fields of a page (create and edit): slug, menu placement, order, published, then per language title, body in
 * the rich-text editor, SEO title and description.
 */
export function PageFields({ tab, onTab }: { tab: Language; onTab: (tab: Language) => void }) {
  const { t } = useT();
  return (
    <>
      <FieldGrid>
        <TextField name="slug" label={t('page.slug')} help={t('page.slugHelp')} required prefix="/" maxLength={100} />
        <SelectField
          name="menu"
          label={t('page.menu')}
          options={[
            { value: 'none', label: t('page.menuNone') },
            ...PAGE_MENUS.map((menu) => ({ value: menu, label: t(`page.menus.${menu}`) })),
          ]}
        />
        <IntegerField name="sort_order" label={t('page.sortOrder')} min={0} max={1_000_000} />
        <SwitchField name="published" label={t('page.published')} />
      </FieldGrid>
      <LanguageTabs active={tab} onChange={onTab}>
        {(language) => (
          <>
            <TextField
              name={`title_${language}`}
              label={t('page.title')}
              required={language === 'ru'}
              maxLength={200}
            />
            <RichTextField
              name={`body_${language}`}
              label={t('page.body')}
              editorLabel={`${t('page.body')} (${language})`}
            />
            <TextField
              name={`seo_title_${language}`}
              label={t('page.seoTitle')}
              help={t('page.seoTitleHelp')}
              maxLength={200}
            />
            <TextField
              name={`seo_description_${language}`}
              label={t('page.seoDescription')}
              rows={{ min: 2, max: 5 }}
              maxLength={300}
              showCount
            />
          </>
        )}
      </LanguageTabs>
    </>
  );
}
