import type { PanelUser } from '@proxy/contract/schemas/users';
import { StatusTag } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './users.module.css';

/** An account's state as tags: active or blocked, verified or not, staff, superuser. */
export function UserFlags({ user }: { user: PanelUser }) {
  const { t } = useT();
  return (
    <span className={styles.flags}>
      {user.is_active ? (
        <StatusTag tone="on">{t('flags.active')}</StatusTag>
      ) : (
        <StatusTag tone="highlight">{t('flags.blocked')}</StatusTag>
      )}
      {user.email_verified ? (
        <StatusTag>{t('flags.verified')}</StatusTag>
      ) : (
        <StatusTag>{t('flags.unverified')}</StatusTag>
      )}
      {user.is_staff && <StatusTag tone="highlight">{t('flags.staff')}</StatusTag>}
      {user.is_superuser && <StatusTag tone="highlight">{t('flags.superuser')}</StatusTag>}
    </span>
  );
}
