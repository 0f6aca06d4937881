import { useState } from 'react';
import { Button, Popconfirm, Typography } from 'antd';
import { useLoaderData, useNavigate } from 'react-router';
import { deletePanelFarmHost, regeneratePanelFarmHostToken, updatePanelFarmHost } from '@proxy/contract/api/panel-farm';
import { runRequest } from '@proxy/contract/forms';
import { AGENT_HOST_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { AgentHostInputSchema, type AgentHostItem, type AgentHostToken } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { DeleteButton, ResourceForm, SectionPage, useAbilities, useKitT, useRunAction } from '@proxy/panel-kit';
import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import { AgentConfig } from './AgentConfig.tsx';
import { HostFields, hostInput, hostValues } from './HostFields.tsx';
import { TokenModal } from './TokenModal.tsx';
import styles from './hosts.module.css';

/**
 * `/panel/farm/hosts/{id}`: the host's agent (last seen, configuration applied), a new token (shown once; the old one
 * stops working), and its fields. Read-only without the change permission.
 */
export function HostEdit() {
  const data = useLoaderData() as AgentHostItem;
  return <HostEditScreen key={data.id} loaded={data} />;
}

function HostEditScreen({ loaded }: { loaded: AgentHostItem }) {
  const { t, language } = useT();
  const kit = useKitT();
  const navigate = useNavigate();
  const runAction = useRunAction();
  const { canChange, canDelete } = useAbilities(AGENT_HOST_PERMISSIONS);
  const [host, setHost] = useState(loaded);
  const [token, setToken] = useState<AgentHostToken | null>(null);

  async function remove() {
    // A host with modems is refused (400 with a message, toasted): its modems go first.
    if ((await runAction(() => deletePanelFarmHost(api, host.id), 'deleted')) !== undefined) {
      void navigate(paths.panelFarmHosts(language));
    }
  }

  async function regenerate() {
    // No toast: the token's dialog is the answer.
    const outcome = await runRequest(() => regeneratePanelFarmHostToken(api, host.id), {
      networkError: kit.t('messages.networkError'),
      unknownError: kit.t('messages.unknownError'),
    });
    if (outcome.ok) {
      setHost(outcome.value);
      setToken(outcome.value);
    }
  }

  return (
    <SectionPage title={host.name} back={{ href: paths.panelFarmHosts(language), label: t('host.back') }}>
      <h2 className={styles.heading}>{t('host.agent')}</h2>
      <dl className={styles.state}>
        <div>
          <dt>{t('host.lastSeen')}</dt>
          <dd>{host.last_seen_at ? formatMoment(host.last_seen_at, language) : t('never')}</dd>
        </div>
        <div>
          <dt>{t('host.config')}</dt>
          <dd>
            <AgentConfig host={host} />
          </dd>
        </div>
        <div>
          <dt>{t('hosts.columns.modems')}</dt>
          <dd>{host.modems}</dd>
        </div>
      </dl>
      {canChange && (
        <Popconfirm
          title={t('host.newTokenConfirm')}
          okText={t('host.newToken')}
          cancelText={kit.t('actions.cancel')}
          onConfirm={regenerate}
        >
          <Button>{t('host.newToken')}</Button>
        </Popconfirm>
      )}
      <h2 className={styles.heading}>{t('host.settings')}</h2>
      {!canChange && <Typography.Paragraph type="secondary">{t('host.readOnly')}</Typography.Paragraph>}
      <ResourceForm
        name={`host-${host.id}`}
        initialValues={hostValues(host)}
        readOnly={!canChange}
        toInput={hostInput}
        schema={AgentHostInputSchema}
        send={(input) => updatePanelFarmHost(api, host.id, input)}
        done="saved"
        onSaved={setHost}
        actions={
          canDelete && (
            <DeleteButton confirm={t('hosts.deleteConfirm', { name: host.name })} name={host.name} onConfirm={remove} />
          )
        }
      >
        <HostFields />
      </ResourceForm>
      <TokenModal host={token} onClose={() => setToken(null)} />
    </SectionPage>
  );
}
