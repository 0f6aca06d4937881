import { Link, useLoaderData } from 'react-router';
import { formatPrice } from '@proxy/contract/money';
import { hasPermission, INVOICE_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import type { PanelUserDetail } from '@proxy/contract/schemas/users';
import { userAtom, useAtomValue } from '@proxy/contract/state';
import { Card, formatDateTime, ui } from '@proxy/site-kit';
import { InvoicesList } from '../billing/InvoicesList.tsx';
import { LedgerHistory } from '../billing/LedgerHistory.tsx';
import { OrdersList } from '../billing/OrdersList.tsx';
import { customerData } from '../billing/user-data.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './AccountPage.module.css';

/**
 * `/user/{id}` for staff with `users.view_user`: that customer's page as the customer sees it, read-only — the
 * account, the balance and the invoices, orders and balance history from the panel's endpoints. Nothing here changes
 * the account (no top-up, no forms, no mailing switch, no devices); "Open in the panel" is where staff change it.
 */
export function CustomerPage() {
  const { t, language } = useT();
  const customer = useLoaderData() as PanelUserDetail;
  const viewer = useAtomValue(userAtom);
  const data = customerData(customer.id, hasPermission(viewer, INVOICE_PERMISSIONS.view));
  const flag = (on: boolean, yes: string, no: string) => (
    <span className={`${ui.badge} ${on ? ui.success : ''}`}>{on ? yes : no}</span>
  );
  return (
    <section className={ui.page}>
      <h1 className={ui.pageTitle}>{t('customer.title', { id: customer.id })}</h1>
      <p className={styles.who}>{t('customer.readOnly')}</p>
      <div className={styles.stack}>
        <Card
          title={t('customer.facts')}
          actions={
            <Link to={paths.panelUserEdit(customer.id, language)} className={ui.secondaryButton}>
              {t('customer.openInPanel')}
            </Link>
          }
        >
          <dl className={ui.facts}>
            <div>
              <dt>{t('customer.email')}</dt>
              <dd>{customer.email}</dd>
            </div>
            <div>
              <dt>{t('customer.flags')}</dt>
              <dd>
                {flag(customer.is_active, t('customer.active'), t('customer.blocked'))}
                {flag(customer.email_verified, t('customer.verified'), t('customer.unverified'))}
                {customer.is_staff && flag(true, t('customer.staff'), '')}
              </dd>
            </div>
            <div>
              <dt>{t('customer.joined')}</dt>
              <dd>{formatDateTime(customer.date_joined, language)}</dd>
            </div>
            <div>
              <dt>{t('customer.lastLogin')}</dt>
              <dd>{customer.last_login ? formatDateTime(customer.last_login, language) : t('customer.never')}</dd>
            </div>
            <div>
              <dt>{t('customer.language')}</dt>
              <dd>{t(`profile.languages.${customer.language}`)}</dd>
            </div>
            <div>
              <dt>{t('customer.balance')}</dt>
              <dd>{formatPrice(customer.balance, customer.currency, language)}</dd>
            </div>
          </dl>
        </Card>
        <InvoicesList balance={customer.balance} data={data} />
        <OrdersList balance={customer.balance} data={data} />
        <LedgerHistory balance={customer.balance} data={data} />
      </div>
    </section>
  );
}
