import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import { StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';

/** Whether the host's agent serves the current configuration: applied, not yet, or never fetched one. */
export function AgentConfig({ host }: { host: AgentHostItem }) {
  const { t } = useT();
  if (host.served_version === null) return <StatusTag>{t('hosts.configNone')}</StatusTag>;
  return host.served_version === host.config_version ? (
    <StatusTag tone="on">{t('hosts.configCurrent')}</StatusTag>
  ) : (
    <StatusTag tone="highlight">{t('hosts.configBehind')}</StatusTag>
  );
}
