import { useState } from 'react';
import { Divider, Tag, Typography } from 'antd';
import { useLoaderData, useNavigate } from 'react-router';
import { deletePanelPage, updatePanelPage } from '@proxy/contract/api/panel-pages';
import { PAGE_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { PageInputSchema, type PanelPage } from '@proxy/contract/schemas/page';
import { api } from '@proxy/contract/state';
import { DeleteButton, ResourceForm, SectionPage, useAbilities, useLanguageTab, useRunAction } from '@proxy/panel-kit';
import { BlocksList } from '../blocks/BlocksList.tsx';
import { useT } from '../i18n/use-t.ts';
import type { PageEditData } from './page-resource.ts';
import { PageFields, pageInput, pageValues } from './PageFields.tsx';

/**
 * `/panel/page/{id}`: the page's fields, then its blocks (the home page is made of them). Without the change
 * permission everything is shown read-only, with no save, delete or reorder controls.
 */
export function PageEdit() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const data = useLoaderData() as PageEditData;
  const [page, setPage] = useState<PanelPage>(data.page);
  const { canChange, canDelete } = useAbilities(PAGE_PERMISSIONS);
  const { tab, setTab, onFieldErrors } = useLanguageTab();
  const title = (language === 'en' && page.title_en) || page.title_ru;

  async function remove() {
    if ((await runAction(() => deletePanelPage(api, page.id), 'deleted')) !== undefined) {
      void navigate(paths.panelPages(language));
    }
  }

  return (
    <SectionPage
      title={
        <>
          {title} {page.home && <Tag color="blue">{t('list.home')}</Tag>}
        </>
      }
      back={{ href: paths.panelPages(language), label: t('page.back') }}
      aside={
        <a
          href={page.home ? paths.home(language) : paths.page(page.slug, language)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {page.published || page.home ? t('page.openOnSite') : t('page.preview')}
        </a>
      }
    >
      {!canChange && <Typography.Paragraph type="secondary">{t('page.readOnly')}</Typography.Paragraph>}
      <ResourceForm
        name={`page-${page.id}`}
        initialValues={pageValues(data.page)}
        readOnly={!canChange}
        toInput={pageInput}
        schema={PageInputSchema}
        send={(input) => updatePanelPage(api, page.id, input)}
        done="saved"
        onSaved={setPage}
        onFieldErrors={onFieldErrors}
        actions={
          canDelete &&
          !page.home && <DeleteButton confirm={t('list.deleteConfirm', { title })} name={title} onConfirm={remove} />
        }
      >
        <PageFields tab={tab} onTab={setTab} />
      </ResourceForm>
      <Divider />
      <BlocksList pageId={page.id} initialBlocks={data.blocks} canChange={canChange} />
    </SectionPage>
  );
}
