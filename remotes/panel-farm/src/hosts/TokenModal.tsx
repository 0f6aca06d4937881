import { Alert, Button, Modal, Typography } from 'antd';
import type { AgentHostToken } from '@proxy/contract/schemas/farm';
import { useT } from '../i18n/use-t.ts';
import styles from './hosts.module.css';

/**
 * A host's agent token, the one time the API sends it (create, new token): with copy buttons and the agent's
 * environment lines. Only the button closes it — a click beside it must not lose a token that is never shown again.
 */
export function TokenModal({ host, onClose }: { host: AgentHostToken | null; onClose: () => void }) {
  const { t } = useT();
  const copyable = (text: string) => ({ text, tooltips: [t('host.copy'), t('host.copied')] });
  // The agent calls the API at the address staff reach this panel by.
  const env = host ? `AGENT_API_URL=${window.location.origin}\nAGENT_TOKEN=${host.token}` : '';
  return (
    <Modal
      open={host !== null}
      title={host ? t('host.tokenTitle', { name: host.name }) : ''}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      // Closed, nothing of the token stays in the page.
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('host.tokenDone')}
        </Button>
      }
    >
      {host && (
        <>
          <Alert type="warning" showIcon title={t('host.tokenWarning')} />
          <Typography.Text className={styles.label} id="agent-token-label">
            {t('host.token')}
          </Typography.Text>
          <Typography.Text
            code
            copyable={copyable(host.token)}
            className={styles.secret}
            aria-labelledby="agent-token-label"
          >
            {host.token}
          </Typography.Text>
          <Typography.Text className={styles.label}>{t('host.env')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('host.envHelp')}</Typography.Paragraph>
          <Typography.Paragraph copyable={copyable(env)}>
            <pre className={styles.env}>{env}</pre>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
