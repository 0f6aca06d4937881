import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { deletePanelPromoCode, listPanelPromoCodes } from '@proxy/contract/api/panel-payments';
import { formatPrice } from '@proxy/contract/money';
import { PROMO_CODE_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { PROMO_KINDS, PROMO_LIST, type PanelPromoCode } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';
import { ResourceList, StatusTag, useAbilities } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { formatDay, formatMoment, formatPercent, useSiteCurrency } from '../money.ts';
import { PromoDrawer } from './PromoForm.tsx';
import styles from './promo.module.css';

/** The URL key of the open form: `?tab=promo&promo=new` or `&promo=12`, beside the list's own keys. */
const OPEN = 'promo';

/**
 * The promo codes: search by code, filter by state and kind, sort by code, uses or creation; a code opens its form
 * in a drawer (the choice is in the URL), and so does Create. Delete with confirmation.
 */
export function PromoList() {
  const { t, language } = useT();
  const currency = useSiteCurrency();
  const { canAdd, canDelete } = useAbilities(PROMO_CODE_PERMISSIONS);
  const [search, setSearch] = useSearchParams();
  // A save remounts the list, which loads the same query again with the saved row in it.
  const [version, setVersion] = useState(0);
  const open = search.get(OPEN);
  const target = open === 'new' ? 'new' : open && /^[1-9]\d{0,9}$/.test(open) ? Number(open) : null;

  const hrefOf = (value: string) => {
    const next = new URLSearchParams(search);
    next.set('tab', 'promo');
    next.set(OPEN, value);
    return `${paths.panelPayments(language)}?${next}`;
  };
  const close = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete(OPEN);
      return next;
    });
  const valueOf = (promo: PanelPromoCode) =>
    promo.kind === 'percent' ? formatPercent(promo.value, language) : formatPrice(promo.value, currency, language);
  const validity = (promo: PanelPromoCode) => {
    const from = promo.valid_from && t('promo.validFrom', { date: formatDay(promo.valid_from, language) });
    const until = promo.valid_until && t('promo.validUntil', { date: formatDay(promo.valid_until, language) });
    return [from, until].filter(Boolean).join(' ') || t('promo.validAlways');
  };

  return (
    <>
      <ResourceList<PanelPromoCode, typeof PROMO_LIST>
        key={version}
        definition={PROMO_LIST}
        load={(params, signal) => listPanelPromoCodes(api, params, signal)}
        rowKey={(row) => row.id}
        searchPlaceholder={t('promo.searchPlaceholder')}
        filters={{
          // Several choices, not `single`: the select then shows the filter's name while nothing is chosen.
          active: {
            label: t('promo.filters.active'),
            choices: { true: t('promo.active'), false: t('promo.inactive') },
          },
          kind: {
            label: t('promo.filters.kind'),
            choices: Object.fromEntries(PROMO_KINDS.map((kind) => [kind, t(`promo.kinds.${kind}`)])),
          },
        }}
        emptyText={t('promo.empty')}
        create={canAdd ? { label: t('promo.create'), href: hrefOf('new') } : undefined}
        remove={
          canDelete
            ? {
                send: (row) => deletePanelPromoCode(api, row.id),
                confirm: (row) => t('promo.deleteConfirm', { code: row.code }),
                name: (row) => row.code,
              }
            : undefined
        }
        columns={[
          {
            key: 'code',
            title: t('promo.columns.code'),
            sortable: true,
            render: (row) => (
              <Link to={hrefOf(String(row.id))} className={styles.code}>
                {row.code}
              </Link>
            ),
          },
          {
            key: 'kind',
            title: t('promo.columns.kind'),
            responsive: ['md'],
            render: (row) => t(`promo.kinds.${row.kind}`),
          },
          {
            key: 'value',
            title: t('promo.columns.value'),
            render: (row) => <span className={styles.nowrap}>{valueOf(row)}</span>,
          },
          { key: 'valid', title: t('promo.columns.valid'), responsive: ['lg'], render: validity },
          {
            key: 'uses',
            title: t('promo.columns.uses'),
            sortable: true,
            responsive: ['sm'],
            render: (row) =>
              row.max_uses === null ? row.uses : t('promo.usesOf', { uses: row.uses, max: row.max_uses }),
          },
          {
            key: 'active',
            title: t('promo.columns.status'),
            responsive: ['sm'],
            render: (row) =>
              row.active ? (
                <StatusTag tone="on">{t('promo.active')}</StatusTag>
              ) : (
                <StatusTag>{t('promo.inactive')}</StatusTag>
              ),
          },
          {
            key: 'created_at',
            title: t('promo.columns.created'),
            sortable: true,
            responsive: ['xl'],
            render: (row) => formatMoment(row.created_at, language),
          },
        ]}
      />
      <PromoDrawer
        target={target}
        onClose={close}
        onSaved={() => {
          close();
          setVersion((count) => count + 1);
        }}
      />
    </>
  );
}
