import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tabs, type FormInstance } from 'antd';
import { LANGUAGES, type Language } from '@proxy/contract/languages';
import { PAGE_MENUS, type PageInput, type PanelPage } from '@proxy/contract/schemas/page';
import { RichTextEditor } from '../editor/RichTextEditor.tsx';
import type { NamePath } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './pages.module.css';

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

export function pageValues(page: PanelPage): PageValues {
  return {
    slug: page.slug,
    title_ru: page.title_ru,
    title_en: page.title_en,
    body_ru: page.body_ru,
    body_en: page.body_en,
    seo_title_ru: page.seo_title_ru,
    seo_title_en: page.seo_title_en,
    seo_description_ru: page.seo_description_ru,
    seo_description_en: page.seo_description_en,
    published: page.published,
    menu: page.menu ?? 'none',
    sort_order: page.sort_order,
  };
}

/** The form's values as the API takes them (a select cannot hold null, so "no menu" is 'none' in the form). */
export function pageInput(values: PageValues): PageInput {
  return { ...values, menu: values.menu === 'none' ? null : values.menu, sort_order: values.sort_order ?? 0 };
}

/** The language tab holding the first field an error names, so the message is seen. */
export function tabOfErrors(names: NamePath[]): Language | undefined {
  const first = String(names[0]?.[0] ?? '');
  return LANGUAGES.find((language) => first.endsWith(`_${language}`));
}

/**
 * The fields of a page (create and edit): slug, published, menu placement, sort order, then per language (ru/en
 * tabs) title, body in the rich-text editor, SEO title and description. Both tabs are rendered, so a server error
 * on a field of the other language lands on its field.
 */
export function PageForm({
  form,
  name,
  initialValues,
  readOnly,
  saving,
  tab,
  onTab,
  onSubmit,
  extraActions,
}: {
  form: FormInstance<PageValues>;
  name: string;
  initialValues: PageValues;
  readOnly: boolean;
  saving: boolean;
  tab: Language;
  onTab: (tab: Language) => void;
  onSubmit: () => void;
  extraActions?: ReactNode;
}) {
  const { t, language } = useT();
  const menuOptions = [
    { value: 'none', label: t('page.menuNone') },
    ...PAGE_MENUS.map((menu) => ({ value: menu, label: t(`page.menus.${menu}`) })),
  ];
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      onFinish={onSubmit}
      className={styles.form}
    >
      <div className={styles.grid}>
        <Form.Item name="slug" label={t('page.slug')} extra={t('page.slugHelp')} required>
          <Input addonBefore="/" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="menu" label={t('page.menu')}>
          <Select options={menuOptions} />
        </Form.Item>
        <Form.Item name="sort_order" label={t('page.sortOrder')}>
          <InputNumber min={0} max={1_000_000} precision={0} className={styles.number} />
        </Form.Item>
        <Form.Item name="published" label={t('page.published')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as Language)}
        items={LANGUAGES.map((lang) => ({
          key: lang,
          label: t(`languages.${lang}`),
          forceRender: true,
          children: (
            <>
              <Form.Item name={`title_${lang}`} label={t('page.title')} required={lang === 'ru'}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name={`body_${lang}`} label={t('page.body')}>
                <RichTextEditor language={language} label={`${t('page.body')} (${lang})`} readOnly={readOnly} />
              </Form.Item>
              <Form.Item name={`seo_title_${lang}`} label={t('page.seoTitle')} extra={t('page.seoTitleHelp')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name={`seo_description_${lang}`} label={t('page.seoDescription')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} showCount />
              </Form.Item>
            </>
          ),
        }))}
      />
      {!readOnly && (
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
          {extraActions}
        </Space>
      )}
    </Form>
  );
}
