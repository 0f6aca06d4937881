import { Link } from 'react-router';
import { operatorName } from '@proxy/contract/countries';
import { paths } from '@proxy/contract/routes';
import { connectionString, type ExportFormat, type Proxy } from '@proxy/contract/schemas/proxies';
import { CopyButton, formatDate, ui, useProxyName } from '@proxy/site-kit';
import { AutoRenewSwitch } from '../common/AutoRenewSwitch.tsx';
import { DaysLeft, OfflineNotice, OnlineDot, Place, StateBadge, TrialBadge } from '../common/ProxyName.tsx';
import { RotateResult } from '../common/RotateResult.tsx';
import { useRotate } from '../common/use-rotate.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './IpListPage.module.css';

/**
 * One proxy of the list: a table row on a desktop, a card on a phone (the stylesheet turns the cells into labelled
 * lines). Quick actions: copy its connection string in the chosen format, change its IP, renew it.
 */
export function ProxyRow({
  proxy,
  selected,
  format,
  onSelect,
  onChange,
  onRenew,
}: {
  proxy: Proxy;
  selected: boolean;
  format: ExportFormat;
  onSelect: (selected: boolean) => void;
  onChange: (changes: Partial<Proxy>) => void;
  onRenew: () => void;
}) {
  const { t, language } = useT();
  const title = useProxyName()(proxy);
  const rotation = useRotate(proxy.id, (ip) => onChange({ ip }));
  return (
    <tr className={selected ? styles.selectedRow : undefined}>
      <td className={styles.selectCell}>
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t('list.select', { name: title })}
        />
      </td>
      <th scope="row" className={styles.nameCell}>
        <span className={styles.stack}>
          <span className={styles.name}>
            <OnlineDot online={proxy.online} />
            <Link to={paths.ipDetail(proxy.id, language)} className={styles.nameLink}>
              {title}
            </Link>
          </span>
          <Place proxy={proxy} />
          <OfflineNotice proxy={proxy} />
        </span>
      </th>
      <td data-label={t('list.columns.operator')}>{operatorName(proxy, language)}</td>
      <td data-label={t('list.columns.connection')}>
        <span className={styles.stack}>
          <code className={styles.code}>{proxy.host}</code>
          <span className={styles.ports}>
            <span>{t('proxy.httpPort', { port: proxy.http_port })}</span>
            <span>{t('proxy.socksPort', { port: proxy.socks_port })}</span>
          </span>
        </span>
      </td>
      <td data-label={t('list.columns.ip')}>
        <code className={`${styles.code} ${styles.nowrap}`}>{proxy.ip ?? t('proxy.noIp')}</code>
      </td>
      <td data-label={t('list.columns.expires')}>
        <span className={styles.stack}>
          <span>{formatDate(proxy.expires_at, language)}</span>
          <DaysLeft proxy={proxy} />
          <StateBadge state={proxy.state} />
          <TrialBadge proxy={proxy} />
        </span>
      </td>
      <td data-label={t('list.columns.autoRenew')}>
        <AutoRenewSwitch
          proxy={proxy}
          label={t('list.autoRenewOf', { name: title })}
          onSaved={(saved) => onChange({ auto_renew: saved.auto_renew })}
        />
      </td>
      <td className={styles.actionsCell}>
        <span className={styles.actions}>
          <CopyButton compact text={connectionString(proxy, format)} label={t('list.copyOf', { name: title })} />
          <button
            type="button"
            className={ui.smallButton}
            // aria-disabled, not disabled: a button that disables itself under the keyboard drops focus to the
            // page's body, and the customer starts tabbing from the top again (#49).
            onClick={() => {
              if (!rotation.busy) void rotation.rotate();
            }}
            aria-disabled={rotation.busy}
            aria-busy={rotation.busy}
            aria-label={t('list.rotateOf', { name: title })}
          >
            {rotation.busy ? t('rotate.busy') : t('rotate.short')}
          </button>
          <button
            type="button"
            className={ui.smallButton}
            onClick={onRenew}
            aria-label={t('list.renewOf', { name: title })}
          >
            {t('renew.short')}
          </button>
        </span>
        <RotateResult outcome={rotation.outcome} />
      </td>
    </tr>
  );
}
