import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createPanelFarmHost } from '@proxy/contract/api/panel-farm';
import { paths } from '@proxy/contract/routes';
import { AgentHostInputSchema, type AgentHostToken } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { ResourceForm, SectionPage } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { EMPTY_HOST, HostFields, hostInput } from './HostFields.tsx';
import { TokenModal } from './TokenModal.tsx';

/**
 * `/panel/farm/hosts/add`: a new farm host. Once saved its agent token is shown, this once; closing that opens the
 * host's edit screen.
 */
export function HostCreate() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [created, setCreated] = useState<AgentHostToken | null>(null);
  return (
    <SectionPage title={t('host.createTitle')} back={{ href: paths.panelFarmHosts(language), label: t('host.back') }}>
      <ResourceForm
        name="host-create"
        initialValues={EMPTY_HOST}
        readOnly={false}
        toInput={hostInput}
        schema={AgentHostInputSchema}
        send={(input) => createPanelFarmHost(api, input)}
        done="created"
        onSaved={setCreated}
      >
        <HostFields />
      </ResourceForm>
      <TokenModal
        host={created}
        onClose={() => created && void navigate(paths.panelFarmHostEdit(created.id, language))}
      />
    </SectionPage>
  );
}
