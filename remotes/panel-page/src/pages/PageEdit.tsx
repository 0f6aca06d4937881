import { useState } from 'react';
import { Button, Divider, Form, Popconfirm, Tag, Typography } from 'antd';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { Language } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import type { PanelPage } from '@proxy/contract/schemas/page';
import { BlocksEditor } from '../blocks/BlocksEditor.tsx';
import { save } from '../form/save.ts';
import { useT } from '../i18n/use-t.ts';
import { pageResource, usePagePermissions, type PageEditData } from './page-resource.ts';
import { PageForm, pageInput, pageValues, tabOfErrors, type PageValues } from './PageForm.tsx';
import { SectionTheme } from './SectionTheme.tsx';
import styles from './pages.module.css';

/**
 * `/panel/page/{id}`: the page's fields, then its blocks (the home page is made of them). Without the change
 * permission everything is shown read-only, with no save, delete or reorder controls.
 */
export function PageEdit() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const data = useLoaderData() as PageEditData;
  const [page, setPage] = useState<PanelPage>(data.page);
  const { canChange, canDelete } = usePagePermissions();
  const [form] = Form.useForm<PageValues>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<Language>('ru');
  const messages = { networkError: t('messages.networkError'), unknownError: t('messages.unknownError') };

  async function submit() {
    setSaving(true);
    const saved = await save(
      form,
      { ...messages, saved: t('messages.saved') },
      () => pageResource.update(page.id, pageInput(form.getFieldsValue(true) as PageValues)),
      { onFieldErrors: (names) => setTab(tabOfErrors(names) ?? tab) },
    );
    setSaving(false);
    if (saved) setPage(saved);
  }

  async function remove() {
    const done = await save(null, { ...messages, saved: t('messages.deleted') }, async () => {
      await pageResource.delete(page.id);
      return true;
    });
    if (done) void navigate(paths.panelPages(language));
  }

  const publicPath = page.home ? paths.home(language) : paths.page(page.slug, language);
  const title = (language === 'en' && page.title_en) || page.title_ru;

  return (
    <SectionTheme>
      <section>
        <Link to={paths.panelPages(language)} className={styles.back}>
          {t('page.back')}
        </Link>
        <div className={styles.header}>
          <Typography.Title level={1}>
            {title} {page.home && <Tag color="blue">{t('list.home')}</Tag>}
          </Typography.Title>
          <a href={publicPath} target="_blank" rel="noopener noreferrer">
            {t('page.openOnSite')}
          </a>
        </div>
        {!canChange && <Typography.Paragraph type="secondary">{t('page.readOnly')}</Typography.Paragraph>}
        <PageForm
          form={form}
          name={`page-${page.id}`}
          initialValues={pageValues(data.page)}
          readOnly={!canChange}
          saving={saving}
          tab={tab}
          onTab={setTab}
          onSubmit={() => void submit()}
          extraActions={
            canDelete &&
            !page.home && (
              <Popconfirm
                title={t('list.deleteConfirm', { title })}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove()}
              >
                <Button danger>{t('actions.delete')}</Button>
              </Popconfirm>
            )
          }
        />
        <Divider />
        <BlocksEditor pageId={page.id} initialBlocks={data.blocks} canChange={canChange} />
      </section>
    </SectionTheme>
  );
}
