import { AGENT_HOST_PERMISSIONS, hasPermission, MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { HostsList } from './hosts/HostsList.tsx';
import { useT } from './i18n/use-t.ts';
import { ModemsList } from './modems/ModemsList.tsx';

/**
 * `/panel/farm`: the modems and the farm hosts in tabs. Either view permission opens the section (the route's
 * guard); each tab is shown to those who may read its list.
 */
export function FarmSection() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const tabs = [
    { key: 'modems', view: MODEM_PERMISSIONS.view, render: () => <ModemsList /> },
    { key: 'hosts', view: AGENT_HOST_PERMISSIONS.view, render: () => <HostsList /> },
  ] as const;
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={tabs
          .filter((tab) => hasPermission(user, tab.view))
          .map((tab) => ({ key: tab.key, label: t(`section.tabs.${tab.key}`), render: tab.render }))}
      />
    </SectionPage>
  );
}
