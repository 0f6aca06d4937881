import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Card, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { getDashboardWidget } from '@proxy/contract/api/panel-dashboard';
import { cityName, countryName, operatorName } from '@proxy/contract/countries';
import { localizePath, type Language } from '@proxy/contract/languages';
import { formatPrice } from '@proxy/contract/money';
import {
  visibleWidgets,
  type DashboardWidget,
  type DashboardWidgets,
  type Figure,
  type PeriodFigures,
} from '@proxy/contract/schemas/dashboard';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { usePanelT } from '../use-panel-t.ts';
import { UChart } from './UChart.tsx';
import styles from './Dashboard.module.css';

/** One widget's data, fetched when the home opens; null while loading, `false` when it could not be had. */
function useWidget<W extends DashboardWidget>(widget: W): DashboardWidgets[W] | null | false {
  const [data, setData] = useState<DashboardWidgets[W] | null | false>(null);
  useEffect(() => {
    const controller = new AbortController();
    getDashboardWidget(api, widget, controller.signal).then(setData, () => {
      if (!controller.signal.aborted) setData(false);
    });
    return () => controller.abort();
  }, [widget]);
  return data;
}

/** A figure that opens the list it counts. */
function FigureLink({ figure, title, format }: { figure: Figure; title: ReactNode; format?: (n: number) => string }) {
  const { language } = usePanelT();
  return (
    <Link to={localizePath(figure.link, language)} className={styles.figure}>
      <Statistic title={title} value={format ? format(figure.value) : figure.value} />
    </Link>
  );
}

const seconds = (days: readonly string[]) => days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);

function Periods({ name, figures, format }: { name: string; figures: PeriodFigures; format?: (n: number) => string }) {
  const { t } = usePanelT();
  return (
    <div className={styles.periods}>
      <span className={styles.periodName}>{name}</span>
      {(['today', 'days7', 'days30'] as const).map((period) => (
        <FigureLink
          key={period}
          figure={figures[period]}
          title={t(`dashboard.${period}`)}
          {...(format ? { format } : {})}
        />
      ))}
    </div>
  );
}

function WidgetCard({ title, data, children }: { title: string; data: unknown; children: () => ReactNode }) {
  const { t } = usePanelT();
  return (
    <Card title={title} className={styles.card} loading={data === null}>
      {data === false ? <p>{t('dashboard.unavailable')}</p> : data ? children() : null}
    </Card>
  );
}

function MoneyCard() {
  const { t, language } = usePanelT();
  const data = useWidget('money');
  const money = useMemo(
    () => (data ? (minor: number) => formatPrice(minor, data.currency, language) : (n: number) => String(n)),
    [data, language],
  );
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('dashboard.money.topups'), values: data.daily.topups.map((n) => n / 100), color: '#1677ff' },
            {
              label: t('dashboard.money.purchases'),
              values: data.daily.purchases.map((n) => n / 100),
              color: '#52c41a',
            },
            { label: t('dashboard.money.renewals'), values: data.daily.renewals.map((n) => n / 100), color: '#fa8c16' },
          ]
        : [],
    [data, t],
  );
  const times = useMemo(() => (data ? seconds(data.daily.days) : []), [data]);
  const axis = useMemo(() => (data ? (n: number) => money(Math.round(n * 100)) : String), [data, money]);
  return (
    <WidgetCard title={t('dashboard.money.title')} data={data}>
      {() =>
        data && (
          <>
            <Periods name={t('dashboard.money.topups')} figures={data.topups} format={money} />
            <Periods name={t('dashboard.money.purchases')} figures={data.purchases} format={money} />
            <Periods name={t('dashboard.money.renewals')} figures={data.renewals} format={money} />
            <div className={styles.row}>
              <FigureLink
                figure={data.open_invoices.count}
                title={t('dashboard.money.openInvoices', { total: money(data.open_invoices.total) })}
              />
              <FigureLink figure={data.balance_total} title={t('dashboard.money.balanceTotal')} format={money} />
            </div>
            <UChart times={times} series={series} format={axis} label={t('dashboard.money.chart')} />
          </>
        )
      }
    </WidgetCard>
  );
}

function SalesCard() {
  const { t } = usePanelT();
  const data = useWidget('sales');
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('dashboard.sales.orders'), values: data.daily.orders, color: '#1677ff' },
            { label: t('dashboard.sales.proxiesSold'), values: data.daily.proxies, color: '#52c41a' },
          ]
        : [],
    [data, t],
  );
  const times = useMemo(() => (data ? seconds(data.daily.days) : []), [data]);
  return (
    <WidgetCard title={t('dashboard.sales.title')} data={data}>
      {() =>
        data && (
          <>
            <Periods name={t('dashboard.sales.orders')} figures={data.orders} />
            <Periods name={t('dashboard.sales.proxiesSold')} figures={data.proxies_sold} />
            <div className={styles.row}>
              <FigureLink figure={data.active_proxies} title={t('dashboard.sales.active')} />
              <FigureLink figure={data.expiring_auto} title={t('dashboard.sales.expiringAuto')} />
              <FigureLink figure={data.expiring_manual} title={t('dashboard.sales.expiringManual')} />
              <FigureLink figure={data.renewal_failed} title={t('dashboard.sales.renewalFailed')} />
            </div>
            <UChart times={times} series={series} format={String} label={t('dashboard.sales.chart')} />
          </>
        )
      }
    </WidgetCard>
  );
}

function moment(at: string | null, language: Language, never: string): string {
  if (at === null) return never;
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(at));
}

function FarmCard() {
  const { t, language } = usePanelT();
  const data = useWidget('farm');
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('dashboard.farm.rotationsDone'), values: data.hourly.done, color: '#52c41a' },
            { label: t('dashboard.farm.rotationsFailed'), values: data.hourly.failed, color: '#cf1322' },
          ]
        : [],
    [data, t],
  );
  const times = useMemo(() => (data ? data.hourly.hours.map((hour) => Date.parse(hour) / 1000) : []), [data]);
  const to = (link: string) => localizePath(link, language);
  return (
    <WidgetCard title={t('dashboard.farm.title')} data={data}>
      {() =>
        data && (
          <>
            <ul className={styles.lines}>
              {data.hosts.map((host) => (
                <li key={host.id} className={styles.line}>
                  <Link to={to(host.link)} className={styles.lineName}>
                    {host.name}
                  </Link>
                  {(['online', 'offline', 'maintenance'] as const).map((status) => (
                    <Link key={status} to={to(host[status].link)}>
                      {t('dashboard.colon', { label: t(`dashboard.farm.${status}`) })}{' '}
                      <strong>{host[status].value}</strong>
                    </Link>
                  ))}
                  <span>
                    {t('dashboard.colon', { label: t('dashboard.farm.lastReport') })}{' '}
                    {moment(host.last_seen_at, language, t('dashboard.never'))}
                  </span>
                  {host.config_lag === null ? (
                    <Tag>{t('dashboard.farm.configNone')}</Tag>
                  ) : host.config_lag === 0 ? (
                    <Tag className={styles.on}>{t('dashboard.farm.current')}</Tag>
                  ) : (
                    <Tag className={styles.attention}>{t('dashboard.farm.behind', { count: host.config_lag })}</Tag>
                  )}
                </li>
              ))}
            </ul>
            <h3 className={styles.subtitle}>{t('dashboard.farm.stock')}</h3>
            <ul className={styles.stock}>
              {data.stock.map((place) => (
                <li key={`${place.country}/${place.city}/${place.operator}`}>
                  <Link to={to(place.link)}>
                    {t('dashboard.farm.place', {
                      country: countryName(place.country, language),
                      city: cityName(place, language),
                      operator: operatorName(place, language),
                    })}{' '}
                    <strong>{place.free}</strong>
                  </Link>
                </li>
              ))}
            </ul>
            <div className={styles.row}>
              <FigureLink figure={data.rotations_hour} title={t('dashboard.farm.rotationsHour')} />
              <FigureLink figure={data.rotations_failed_hour} title={t('dashboard.farm.rotationsFailedHour')} />
            </div>
            <UChart times={times} series={series} format={String} label={t('dashboard.farm.chart')} />
          </>
        )
      }
    </WidgetCard>
  );
}

function MachineryCard() {
  const { t, language } = usePanelT();
  const data = useWidget('machinery');
  return (
    <WidgetCard title={t('dashboard.machinery.title')} data={data}>
      {() =>
        data && (
          <>
            <div className={styles.row}>
              <FigureLink figure={data.outbox_queued} title={t('dashboard.machinery.outboxQueued')} />
              <FigureLink figure={data.outbox_failed_day} title={t('dashboard.machinery.outboxFailed')} />
              <FigureLink figure={data.jobs_lagging} title={t('dashboard.machinery.jobsLagging')} />
              <FigureLink figure={data.jobs_failing} title={t('dashboard.machinery.jobsFailing')} />
              <FigureLink figure={data.webhooks_refused_day} title={t('dashboard.machinery.webhooksRefused')} />
            </div>
            <ul className={styles.lines}>
              {data.jobs.map((job) => (
                <li key={job.name} className={styles.line}>
                  <code className={styles.lineName}>{job.name}</code>
                  <span>
                    {t('dashboard.colon', { label: t('dashboard.machinery.lastOk') })}{' '}
                    {moment(job.last_ok_at, language, t('dashboard.never'))}
                  </span>
                  <span>
                    {t('dashboard.colon', { label: t('dashboard.machinery.failures') })} {job.failures}
                  </span>
                  {job.lagging ? (
                    <Tag className={styles.attention}>{t('dashboard.machinery.lagging')}</Tag>
                  ) : (
                    <Tag className={styles.on}>{t('dashboard.machinery.onTime')}</Tag>
                  )}
                </li>
              ))}
            </ul>
          </>
        )
      }
    </WidgetCard>
  );
}

const CARDS: Record<DashboardWidget, () => ReactNode> = {
  money: () => <MoneyCard key="money" />,
  sales: () => <SalesCard key="sales" />,
  farm: () => <FarmCard key="farm" />,
  machinery: () => <MachineryCard key="machinery" />,
};

/** The widgets the signed-in staff member's permissions cover (the API refuses the others as well). */
export function Dashboard() {
  const user = useAtomValue(userAtom);
  const widgets = visibleWidgets(user);
  if (widgets.length === 0) return null;
  return <div className={styles.grid}>{widgets.map((widget) => CARDS[widget]())}</div>;
}
