import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { useT } from './i18n/use-t.ts';
import { MenuList } from './menu/MenuList.tsx';
import { PagesList } from './pages/PagesList.tsx';
import { PlansList } from './plans/PlansList.tsx';

/** `/panel/page`: the section's three lists — pages, the price table's plans and the site menu — in tabs. */
export function PagesSection() {
  const { t } = useT();
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={[
          { key: 'pages', label: t('section.tabs.pages'), render: () => <PagesList /> },
          { key: 'plans', label: t('section.tabs.plans'), render: () => <PlansList /> },
          { key: 'menu', label: t('section.tabs.menu'), render: () => <MenuList /> },
        ]}
      />
    </SectionPage>
  );
}
