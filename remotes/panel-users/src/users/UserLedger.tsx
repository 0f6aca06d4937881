import { listPanelUserLedger } from '@proxy/contract/api/panel-users';
import { formatPrice } from '@proxy/contract/money';
import { LEDGER_KINDS, LEDGER_LIST, type LedgerEntry } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { ResourceList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatMoment, signedPrice } from './user-resource.ts';
import styles from './users.module.css';

/** Every change of the customer's balance: when, why, the signed amount and the balance it left. */
export function UserLedger({ userId }: { userId: number }) {
  const { t, language } = useT();
  const price = (row: LedgerEntry, minor: number) => formatPrice(minor, row.currency, language);
  return (
    <ResourceList<LedgerEntry, typeof LEDGER_LIST>
      definition={LEDGER_LIST}
      load={(params, signal) => listPanelUserLedger(api, userId, params, signal)}
      rowKey={(row) => row.id}
      filters={{
        kind: {
          label: t('ledger.filters.kind'),
          choices: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, t(`ledger.kinds.${kind}`)])),
        },
        created: { label: t('ledger.filters.created') },
      }}
      emptyText={t('ledger.empty')}
      columns={[
        {
          key: 'created_at',
          title: t('ledger.columns.created'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{formatMoment(row.created_at, language)}</span>,
        },
        { key: 'kind', title: t('ledger.columns.kind'), render: (row) => t(`ledger.kinds.${row.kind}`) },
        {
          key: 'amount',
          title: t('ledger.columns.amount'),
          sortable: true,
          render: (row) => <span className={styles.nowrap}>{signedPrice(row.amount, row.currency, language)}</span>,
        },
        {
          key: 'balance_after',
          title: t('ledger.columns.balanceAfter'),
          responsive: ['sm'],
          render: (row) => <span className={styles.nowrap}>{price(row, row.balance_after)}</span>,
        },
        {
          key: 'reference',
          title: t('ledger.columns.reference'),
          responsive: ['md'],
          render: (row) => (
            <>
              <span className={styles.code}>{row.reference}</span>
              {row.reason && <span className={styles.sub}>{row.reason}</span>}
            </>
          ),
        },
      ]}
    />
  );
}
