import { useState } from 'react';
import { Form, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@proxy/contract/routes';
import type { Language } from '@proxy/contract/languages';
import { save } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import { pageResource } from './page-resource.ts';
import { EMPTY_PAGE, PageForm, pageInput, tabOfErrors, type PageValues } from './PageForm.tsx';
import { SectionTheme } from './SectionTheme.tsx';
import styles from './pages.module.css';

/** `/panel/page/add`: a new page; once saved, its edit screen opens, where blocks can be added. */
export function PageCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<PageValues>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<Language>('ru');

  async function submit() {
    setSaving(true);
    const page = await save(
      form,
      {
        saved: t('messages.created'),
        networkError: t('messages.networkError'),
        unknownError: t('messages.unknownError'),
      },
      () => pageResource.create(pageInput(form.getFieldsValue(true) as PageValues)),
      { onFieldErrors: (names) => setTab(tabOfErrors(names) ?? tab) },
    );
    setSaving(false);
    if (page) void navigate(paths.panelPageEdit(page.id, language));
  }

  return (
    <SectionTheme>
      <section>
        <Link to={paths.panelPages(language)} className={styles.back}>
          {t('page.back')}
        </Link>
        <div className={styles.header}>
          <Typography.Title level={1}>{t('page.createTitle')}</Typography.Title>
        </div>
        <PageForm
          form={form}
          name="page-create"
          initialValues={EMPTY_PAGE}
          readOnly={false}
          saving={saving}
          tab={tab}
          onTab={setTab}
          onSubmit={() => void submit()}
        />
      </section>
    </SectionTheme>
  );
}
