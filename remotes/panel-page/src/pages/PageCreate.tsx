import { useNavigate } from 'react-router';
import { createPanelPage } from '@proxy/contract/api/panel-pages';
import { paths } from '@proxy/contract/routes';
import { PageInputSchema } from '@proxy/contract/schemas/page';
import { api } from '@proxy/contract/state';
import { ResourceForm, SectionPage, useLanguageTab } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { EMPTY_PAGE, PageFields, pageInput } from './PageFields.tsx';

/** `/panel/page/add`: a new page; once saved, its edit screen opens, where blocks can be added. */
export function PageCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const { tab, setTab, onFieldErrors } = useLanguageTab();
  return (
    <SectionPage title={t('page.createTitle')} back={{ href: paths.panelPages(language), label: t('page.back') }}>
      <ResourceForm
        name="page-create"
        initialValues={EMPTY_PAGE}
        readOnly={false}
        toInput={pageInput}
        schema={PageInputSchema}
        send={(input) => createPanelPage(api, input)}
        done="created"
        onSaved={(page) => void navigate(paths.panelPageEdit(page.id, language))}
        onFieldErrors={onFieldErrors}
      >
        <PageFields tab={tab} onTab={setTab} />
      </ResourceForm>
    </SectionPage>
  );
}
