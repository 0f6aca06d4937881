import { DEFAULT_PAGE_SIZE } from '@proxy/contract/api/pagination';
import { listPanelUserAudit } from '@proxy/contract/api/panel-users';
import type { Language } from '@proxy/contract/languages';
import { formatPrice, type Currency } from '@proxy/contract/money';
import { defineList } from '@proxy/contract/schemas/list-query';
import type { UserAuditEntry } from '@proxy/contract/schemas/users';
import type { TranslationKey } from '@proxy/contract/i18n';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import type en from '../i18n/en.json';
import { useT } from '../i18n/use-t.ts';
import { usePermissionName } from './PermissionsField.tsx';
import { formatMoment, signedPrice } from './user-resource.ts';
import styles from './users.module.css';

type T = ReturnType<typeof useT>['t'];

/** The second factor a staff member confirmed for a change of money or rights (issue #48), as recorded. */
const STEP_UP_FACTORS = { totp: true, recovery_code: true, passkey: true } as const;

/** How a recorded value reads: yes/no, a language's name, a permission's name, a number, or the text itself. */
function useValueText(currency: Currency, language: Language) {
  const { t } = useT();
  const permissionName = usePermissionName();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('history.empty_value');
    if (typeof value === 'boolean') return t(`yesNo.${value}`);
    if (field === 'language' && (value === 'ru' || value === 'en')) return t(`form.languages.${value}`);
    if (field === 'step_up' && typeof value === 'string' && value in STEP_UP_FACTORS) {
      return t(`history.factors.${value as keyof typeof STEP_UP_FACTORS}`);
    }
    if (field === 'balance' && typeof value === 'number') return formatPrice(value, currency, language);
    if (Array.isArray(value)) {
      return value.length === 0 ? t('history.none') : value.map((item) => permissionName(String(item))).join(', ');
    }
    return String(value);
  };
}

const fieldName = (t: T, field: string) => {
  const key = `history.fields.${field}` as TranslationKey<typeof en>;
  const name = t(key);
  return name === key ? field : name;
};

/** One entry's changes, one line each: `field: before → after`; a permission change as what it granted and revoked. */
function Changes({ entry, currency }: { entry: UserAuditEntry; currency: Currency }) {
  const { t, language } = useT();
  const text = useValueText(currency, language);
  const lines: string[] = [];
  const { amount, reason, ledger_entry: _ledger, ...rest } = entry.changes;
  if ((entry.action === 'balance' || entry.action === 'invoice_paid') && typeof amount === 'number') {
    lines.push(t('history.amount', { amount: signedPrice(amount, currency, language), reason: String(reason ?? '') }));
  } else {
    if (amount !== undefined) rest.amount = amount;
    if (reason !== undefined) rest.reason = reason;
  }
  for (const [field, value] of Object.entries(rest)) {
    const name = fieldName(t, field);
    const pair = Array.isArray(value) && value.length === 2 && field !== 'permissions' ? value : undefined;
    if (field === 'permissions' && Array.isArray(value) && value.length === 2) {
      const [before, after] = value.map((list: unknown) => (Array.isArray(list) ? list.map(String) : []));
      const granted = (after ?? []).filter((item) => !(before ?? []).includes(item));
      const revoked = (before ?? []).filter((item) => !(after ?? []).includes(item));
      const parts = [
        granted.length > 0 ? t('history.granted', { list: text(field, granted) }) : '',
        revoked.length > 0 ? t('history.revoked', { list: text(field, revoked) }) : '',
      ].filter(Boolean);
      lines.push(t('history.fact', { field: name, value: parts.join('; ') || t('history.none') }));
    } else if (pair) {
      lines.push(t('history.change', { field: name, before: text(field, pair[0]), after: text(field, pair[1]) }));
    } else {
      lines.push(t('history.fact', { field: name, value: text(field, value) }));
    }
  }
  return (
    <ul className={styles.changes}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** The audit's list: pages only — its API takes no search, sort, filter or page size. */
const AUDIT_LIST = defineList({ orderings: [], filters: {} });

/**
 * The audit of the account, newest first: when, who (a staff member, or the customer themselves), what happened and
 * every changed field. The page is in the URL beside the tab (`?tab=history&page=2`).
 */
export function UserHistory({ userId, currency }: { userId: number; currency: Currency }) {
  const { t, language } = useT();
  return (
    <ResourceList<UserAuditEntry, typeof AUDIT_LIST>
      definition={AUDIT_LIST}
      load={(params, signal) => listPanelUserAudit(api, userId, params.page, signal)}
      rowKey={(row) => row.id}
      fixedPageSize={DEFAULT_PAGE_SIZE}
      emptyText={t('history.empty')}
      columns={[
        {
          key: 'when',
          title: t('history.columns.when'),
          render: (row) => <span className={styles.nowrap}>{formatMoment(row.created_at, language)}</span>,
        },
        {
          key: 'who',
          title: t('history.columns.who'),
          render: (row) => <span className={styles.email}>{row.actor?.email ?? t('history.owner')}</span>,
        },
        {
          key: 'what',
          title: t('history.columns.what'),
          render: (row) => (
            <>
              <strong>{t(`history.actions.${row.action}`)}</strong>
              <Changes entry={row} currency={currency} />
            </>
          ),
        },
      ]}
    />
  );
}
