import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { deletePanelFarmHost, listPanelFarmHosts } from '@proxy/contract/api/panel-farm';
import { AGENT_HOST_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { OrderedList, useAbilities, useOrderedList } from '@proxy/panel-kit';
import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import { AgentConfig } from './AgentConfig.tsx';
import styles from './hosts.module.css';

/**
 * A host whose public address answered nothing on a proxy port when the API just tried it (#49): its customers'
 * connection strings point nowhere. Under the name, so a phone (which hides the address column) shows it too.
 */
function Unreachable({ host }: { host: AgentHostItem }) {
  const { t } = useT();
  if (host.reachable !== false) return null;
  const help = t('hosts.unreachableHelp', { address: host.public_host });
  return (
    <span className={styles.sub}>
      <Tag color="error">{t('hosts.unreachable')}</Tag>
      <span className={styles.warning}>{help}</span>
    </span>
  );
}

/**
 * The farm hosts, all of them (a farm has a handful, so no pages or filters): where customers connect, the ports,
 * how many modems, when the agent was last seen and whether it serves the current configuration. A name opens the
 * host; delete with confirmation (the API refuses a host that still has modems, and the toast says so).
 */
export function HostsList() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const abilities = useAbilities(AGENT_HOST_PERMISSIONS);
  const list = useOrderedList((signal) => listPanelFarmHosts(api, signal));

  return (
    <>
      {abilities.canAdd && (
        <div className={styles.toolbar}>
          <Button type="primary" onClick={() => void navigate(paths.panelFarmHostAdd(language))}>
            {t('hosts.create')}
          </Button>
        </div>
      )}
      <OrderedList<AgentHostItem>
        list={list}
        abilities={abilities}
        emptyText={t('hosts.empty')}
        name={(host) => host.name}
        remove={{
          send: (host) => deletePanelFarmHost(api, host.id),
          confirm: (_host, name) => t('hosts.deleteConfirm', { name }),
        }}
        columns={[
          {
            key: 'name',
            title: t('hosts.columns.name'),
            render: (host) => (
              <>
                <Link to={paths.panelFarmHostEdit(host.id, language)}>{host.name}</Link>
                <Unreachable host={host} />
              </>
            ),
          },
          {
            key: 'public_host',
            title: t('hosts.columns.publicHost'),
            responsive: ['sm'],
            render: (host) => <span className={`${styles.mono} ${styles.publicHost}`}>{host.public_host}</span>,
          },
          {
            key: 'ports',
            title: t('hosts.columns.ports'),
            responsive: ['md'],
            render: (host) => (
              <span className={styles.nowrap}>{t('hosts.portRange', { min: host.port_min, max: host.port_max })}</span>
            ),
          },
          { key: 'modems', title: t('hosts.columns.modems'), render: (host) => host.modems },
          {
            key: 'last_seen_at',
            title: t('hosts.columns.lastSeen'),
            responsive: ['lg'],
            render: (host) => (
              <span className={styles.when}>
                {host.last_seen_at ? formatMoment(host.last_seen_at, language) : t('never')}
              </span>
            ),
          },
          {
            key: 'config',
            title: t('hosts.columns.config'),
            responsive: ['sm'],
            render: (host) => <AgentConfig host={host} />,
          },
        ]}
      />
    </>
  );
}
