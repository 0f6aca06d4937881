import { Button, Table } from 'antd';
import { Link, useNavigate } from 'react-router';
import { deletePanelFarmHost, listPanelFarmHosts } from '@proxy/contract/api/panel-farm';
import { AGENT_HOST_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { DeleteButton, useAbilities, useKitT, useOrderedList } from '@proxy/panel-kit';
import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import { AgentConfig } from './AgentConfig.tsx';
import styles from './hosts.module.css';

/**
 * The farm hosts, all of them (a farm has a handful, so no pages or filters): where customers connect, the ports,
 * how many modems, when the agent was last seen and whether it serves the current configuration. A name opens the
 * host; delete with confirmation (the API refuses a host that still has modems, and the toast says so).
 */
export function HostsList() {
  const { t, language } = useT();
  const kit = useKitT();
  const navigate = useNavigate();
  const { canAdd, canDelete } = useAbilities(AGENT_HOST_PERMISSIONS);
  const list = useOrderedList((signal) => listPanelFarmHosts(api, signal));

  async function remove(host: AgentHostItem) {
    if ((await list.run(() => deletePanelFarmHost(api, host.id), 'deleted')) !== undefined) {
      list.setRows((rows) => rows.filter((row) => row.id !== host.id));
    }
  }

  return (
    <>
      {canAdd && (
        <div className={styles.toolbar}>
          <Button type="primary" onClick={() => void navigate(paths.panelFarmHostAdd(language))}>
            {t('hosts.create')}
          </Button>
        </div>
      )}
      <Table<AgentHostItem>
        rowKey="id"
        loading={list.busy}
        dataSource={[...list.rows]}
        pagination={false}
        locale={{ emptyText: t('hosts.empty') }}
        // On a phone the table scrolls sideways inside its box: actions stay reachable, the page does not widen.
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('hosts.columns.name'),
            render: (_value, host) => <Link to={paths.panelFarmHostEdit(host.id, language)}>{host.name}</Link>,
          },
          {
            key: 'public_host',
            title: t('hosts.columns.publicHost'),
            responsive: ['sm'],
            render: (_value, host) => <span className={styles.mono}>{host.public_host}</span>,
          },
          {
            key: 'ports',
            title: t('hosts.columns.ports'),
            responsive: ['md'],
            render: (_value, host) => (
              <span className={styles.nowrap}>{t('hosts.portRange', { min: host.port_min, max: host.port_max })}</span>
            ),
          },
          { key: 'modems', title: t('hosts.columns.modems'), render: (_value, host) => host.modems },
          {
            key: 'last_seen_at',
            title: t('hosts.columns.lastSeen'),
            responsive: ['lg'],
            render: (_value, host) => (
              <span className={styles.nowrap}>
                {host.last_seen_at ? formatMoment(host.last_seen_at, language) : t('never')}
              </span>
            ),
          },
          {
            key: 'config',
            title: t('hosts.columns.config'),
            responsive: ['sm'],
            render: (_value, host) => <AgentConfig host={host} />,
          },
          ...(canDelete
            ? [
                {
                  key: 'actions',
                  title: kit.t('list.actions'),
                  fixed: 'end' as const,
                  render: (_value: unknown, host: AgentHostItem) => (
                    <DeleteButton
                      size="small"
                      name={host.name}
                      confirm={t('hosts.deleteConfirm', { name: host.name })}
                      onConfirm={() => remove(host)}
                      disabled={list.busy}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
