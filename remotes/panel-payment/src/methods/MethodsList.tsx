import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  deletePanelPaymentMethod,
  listPanelPaymentMethods,
  reorderPanelPaymentMethods,
} from '@proxy/contract/api/panel-payments';
import { imageName } from '@proxy/contract/images';
import { formatPrice } from '@proxy/contract/money';
import { PAYMENT_METHOD_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { OrderedList, StatusTag, useAbilities, useOrderedList } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatPercent, useSiteCurrency } from '../money.ts';
import styles from './methods.module.css';

const iconSrc = (id: number, size: '32x32' | '64x64') => `/api/users/images/${imageName(id, 'webp', { size })}`;

/**
 * The payment methods in the order customers see them: move up/down, open the edit screen, delete (the API refuses
 * a method that has invoices, and the toast says so).
 */
export function MethodsList() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const currency = useSiteCurrency();
  const abilities = useAbilities(PAYMENT_METHOD_PERMISSIONS);
  const list = useOrderedList((signal) => listPanelPaymentMethods(api, signal));
  const nameOf = (method: PanelPaymentMethod) => (language === 'en' && method.name_en) || method.name_ru;
  return (
    <>
      {abilities.canAdd && (
        <div className={styles.toolbar}>
          <Button type="primary" onClick={() => void navigate(paths.panelPaymentAdd(language))}>
            {t('methods.create')}
          </Button>
        </div>
      )}
      <OrderedList<PanelPaymentMethod>
        list={list}
        abilities={abilities}
        emptyText={t('methods.empty')}
        name={nameOf}
        onOpen={(method) => void navigate(paths.panelPaymentEdit(method.id, language))}
        reorder={(ids) => reorderPanelPaymentMethods(api, ids)}
        remove={{
          send: (method) => deletePanelPaymentMethod(api, method.id),
          confirm: (_method, name) => t('methods.deleteConfirm', { name }),
        }}
        columns={[
          {
            key: 'name',
            title: t('methods.columns.name'),
            render: (method) => (
              <span className={styles.method}>
                {method.icon ? (
                  <img
                    className={styles.icon}
                    src={iconSrc(method.icon.id, '32x32')}
                    srcSet={`${iconSrc(method.icon.id, '64x64')} 2x`}
                    width={32}
                    height={32}
                    alt=""
                  />
                ) : (
                  <span className={styles.icon} />
                )}
                <span>
                  <Link to={paths.panelPaymentEdit(method.id, language)}>{nameOf(method)}</Link>
                  <span className={styles.sub}>
                    <code className={styles.code}>{method.code}</code>{' '}
                    <span className={styles.provider}>{t(`providers.${method.provider}`)}</span>
                  </span>
                </span>
              </span>
            ),
          },
          {
            key: 'kind',
            title: t('methods.columns.kind'),
            responsive: ['xxl'],
            render: (method) => t(`kinds.${method.kind}`),
          },
          {
            key: 'status',
            title: t('methods.columns.status'),
            render: (method) =>
              method.active ? (
                <StatusTag tone="on">{t('methods.active')}</StatusTag>
              ) : (
                <StatusTag>{t('methods.inactive')}</StatusTag>
              ),
          },
          {
            key: 'min_amount',
            title: t('methods.columns.minAmount'),
            responsive: ['md'],
            render: (method) => (
              <>
                {formatPrice(method.min_amount, currency, language)}
                <span className={styles.sub}>
                  {t('methods.feeOf', { fee: formatPercent(method.fee_percent, language) })}
                </span>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
