import { AGENT_HOST_PERMISSIONS, MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { SectionPage, SectionTabs } from '@proxy/panel-kit';
import { HostsList } from './hosts/HostsList.tsx';
import { useT } from './i18n/use-t.ts';
import { ModemsList } from './modems/ModemsList.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';

/**
 * `/panel/farm`: the modems, the farm hosts and the farm's settings in tabs. Either view permission opens the section
 * (the route's guard); each tab is shown to those who may read it (the settings: those who may read the modems).
 */
export function FarmSection() {
  const { t } = useT();
  return (
    <SectionPage title={t('section.title')}>
      <SectionTabs
        tabs={[
          {
            key: 'modems',
            label: t('section.tabs.modems'),
            view: MODEM_PERMISSIONS.view,
            render: () => <ModemsList />,
          },
          {
            key: 'hosts',
            label: t('section.tabs.hosts'),
            view: AGENT_HOST_PERMISSIONS.view,
            render: () => <HostsList />,
          },
          {
            key: 'settings',
            label: t('section.tabs.settings'),
            view: MODEM_PERMISSIONS.view,
            render: () => <SettingsPage />,
          },
        ]}
      />
    </SectionPage>
  );
}
