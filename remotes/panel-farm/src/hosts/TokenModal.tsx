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
  // A visible "Copy" beside each heading; the button's accessible name says what it copies.
  const copyable = (text: string, what: string) => ({
    text,
    icon: [
      <span key="copy" className={styles.copy}>
        {t('host.copy')}
      </span>,
      <span key="copied" className={styles.copy}>
        {t('host.copied')}
      </span>,
    ],
    tooltips: [what, t('host.copied')],
  });
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
          <Typography.Text strong className={styles.label} copyable={copyable(host.token, t('host.copyToken'))}>
            {t('host.token')}
          </Typography.Text>
          <pre className={styles.env}>{host.token}</pre>
          <Typography.Text strong className={styles.label} copyable={copyable(env, t('host.copyEnv'))}>
            {t('host.env')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className={styles.help}>
            {t('host.envHelp')}
          </Typography.Paragraph>
          <pre className={styles.env}>{env}</pre>
        </>
      )}
    </Modal>
  );
}
