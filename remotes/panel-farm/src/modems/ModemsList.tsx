import { Link } from 'react-router';
import { deletePanelFarmModem, listPanelFarmModems } from '@proxy/contract/api/panel-farm';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { paths } from '@proxy/contract/routes';
import { FARM_MODEM_STATUSES, MODEM_LIST, type PanelModem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { ResourceList, useAbilities } from '@proxy/panel-kit';
import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import { useFarmChoices } from './modem-resource.ts';
import { ModemStatus } from './ModemStatus.tsx';
import styles from './modems.module.css';

/**
 * The modems of every host: search by name, key, city or IP; filter by status, host, country and operator (their
 * options from `/choices/`); sort; a modem's name opens its edit screen. Countries, cities and operators are named in
 * the panel's language (#49), the filters still send the codes and English names. Delete with confirmation — the API
 * refuses a modem a proxy uses, and the toast says so.
 */
export function ModemsList() {
  const { t, language } = useT();
  const { canAdd, canDelete } = useAbilities(MODEM_PERMISSIONS);
  const choices = useFarmChoices();
  const named = (values: readonly string[], name: (value: string) => string) =>
    Object.fromEntries(values.map((value) => [value, name(value)]));
  return (
    <ResourceList<PanelModem, typeof MODEM_LIST>
      definition={MODEM_LIST}
      load={(params, signal) => listPanelFarmModems(api, params, signal)}
      rowKey={(row) => row.id}
      searchPlaceholder={t('modems.searchPlaceholder')}
      filters={{
        status: {
          label: t('modems.filters.status'),
          choices: Object.fromEntries(FARM_MODEM_STATUSES.map((status) => [status, t(`statuses.${status}`)])),
        },
        host: {
          label: t('modems.filters.host'),
          rows: Object.fromEntries(choices.hosts.map((host) => [host.id, host.name])),
        },
        country: {
          label: t('modems.filters.country'),
          choices: named(choices.countries, (country) => countryName(country, language)),
        },
        operator: {
          label: t('modems.filters.operator'),
          choices: named(choices.operators, (operator) =>
            operatorName({ operator, operator_ru: choices.operators_ru[operator] }, language),
          ),
        },
      }}
      emptyText={t('modems.empty')}
      create={canAdd ? { label: t('modems.create'), href: paths.panelFarmModemAdd(language) } : undefined}
      remove={
        canDelete
          ? {
              send: (row) => deletePanelFarmModem(api, row.id),
              confirm: (row) => t('modems.deleteConfirm', { name: row.name }),
              name: (row) => row.name,
            }
          : undefined
      }
      columns={[
        {
          key: 'name',
          title: t('modems.columns.name'),
          sortable: true,
          render: (row) => (
            <>
              <Link to={paths.panelFarmModemEdit(row.id, language)}>{row.name}</Link>
              <span className={`${styles.sub} ${styles.wraps}`}>
                <span>{row.key}</span>
                <span className={styles.onHost}>{row.host.name}</span>
              </span>
              {/* A phone shows the name and the actions only: the status goes under the name there. */}
              <span className={styles.phoneOnly}>
                <ModemStatus status={row.status} />
              </span>
            </>
          ),
        },
        {
          key: 'country',
          title: t('modems.columns.location'),
          sortable: true,
          responsive: ['md'],
          render: (row) => (
            <>
              {countryName(row.country, language)}
              <span className={styles.sub}>{cityName(row, language)}</span>
            </>
          ),
        },
        {
          key: 'operator',
          title: t('modems.columns.operator'),
          sortable: true,
          responsive: ['md'],
          render: (row) => operatorName(row, language),
        },
        {
          key: 'status',
          title: t('modems.columns.status'),
          sortable: true,
          responsive: ['sm'],
          render: (row) => <ModemStatus status={row.status} />,
        },
        {
          key: 'ip',
          title: t('modems.columns.ip'),
          responsive: ['sm'],
          render: (row) => <span className={styles.ip}>{row.ip ?? '—'}</span>,
        },
        {
          key: 'proxy',
          title: t('modems.columns.proxy'),
          responsive: ['lg'],
          render: (row) =>
            row.proxies.length === 0 ? (
              <span className={styles.sub}>{t('modems.free')}</span>
            ) : (
              row.proxies.map((proxy) => (
                <span key={proxy.id} className={styles.email}>
                  {proxy.owner.email}
                </span>
              ))
            ),
        },
        {
          key: 'last_rotation_at',
          title: t('modems.columns.rotation'),
          sortable: true,
          responsive: ['xl'],
          render: (row) => (
            <span className={styles.when}>
              {row.last_rotation_at ? formatMoment(row.last_rotation_at, language) : t('never')}
            </span>
          ),
        },
      ]}
    />
  );
}
