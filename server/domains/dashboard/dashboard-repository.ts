/**
 * The dashboard's aggregates, one function per widget, each a few statements read from indexes (migration 0090) and,
 * for the money, from closed days' stored totals (migration 0091), so that they stay fast at 100,000 customers and 1,000,000 ledger entries (`scripts/bench-dashboard.ts`). Days are UTC
 * days and windows are measured from the app's clock, not the database's, so tests can move time.
 *
 * Each figure carries the panel list it counts, filtered in that list's own URL grammar (the contract's list
 * definitions): the invoices, users, orders, proxies and modems lists of their sections, and for the machinery, which
 * has no list of its own, the alert history of the matching kind on the panel's home. A figure and its list count the
 * same rows: the sales figures count by the lists' own definitions (`sales`).
 */
import type { Currency } from '@proxy/contract/money';
import type {
  Figure,
  FarmWidget,
  MachineryWidget,
  MoneyWidget,
  PeriodFigures,
  SalesWidget,
} from '@proxy/contract/schemas/dashboard';
import { EXPIRING_DAYS } from '@proxy/contract/schemas/proxies';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf, freeStock } from '../farm/index.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The daily charts' length; the widest period figure. */
const DAYS = 30;
/** A job lags when its last success is older than this many of its intervals (plus a minute for a slow run). */
const LAG_INTERVALS = 3;

const figure = (value: number, link: string): Figure => ({ value, link });
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The 30 UTC days ending today, oldest first, and the instants bounding them. */
function window30(now: Date) {
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = todayStart - (DAYS - 1) * DAY_MS;
  const days = Array.from({ length: DAYS }, (_, index) => isoDay(from + index * DAY_MS));
  return { days, from: new Date(from), to: new Date(todayStart + DAY_MS) };
}

/** A daily series' values summed over today, the last 7 and the last 30 days, each with its list. */
function periods(
  values: readonly number[],
  link: (firstDay: string) => string,
  days: readonly string[],
): PeriodFigures {
  const sumLast = (n: number) => values.slice(-n).reduce((total, value) => total + value, 0);
  const first = (n: number) => days[days.length - n] as string;
  return {
    today: figure(sumLast(1), link(first(1))),
    days7: figure(sumLast(7), link(first(7))),
    days30: figure(sumLast(30), link(first(30))),
  };
}

/** Rows of (day, series…) spread over the 30 days, missing days zero. */
function spread<K extends string>(
  rows: readonly ({ day: string } & Record<K, number>)[],
  days: readonly string[],
  keys: readonly K[],
) {
  const at = new Map(rows.map((row) => [row.day, row]));
  return Object.fromEntries(keys.map((key) => [key, days.map((day) => Number(at.get(day)?.[key] ?? 0))])) as Record<
    K,
    number[]
  >;
}

/** The ledger's kinds the money widget sums by day; renewals are summed from their own records (`RENEWALS_BY_DAY`). */
const MONEY_KINDS = ['topup', 'purchase'] as const;

/**
 * What the renewals made on each UTC day of the window cost, from `proxy_renewals` (migration 0147): the rows the
 * renewals list shows, so the figure and the list it opens agree (#49). $1 the window's start, $2 its end.
 */
const RENEWALS_BY_DAY = `
  SELECT to_char(renewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(price)::bigint AS renewals
    FROM proxy_renewals WHERE renewed_at >= $1 AND renewed_at < $2
   GROUP BY 1`;

/**
 * Stores the totals of the window's closed days not stored yet (migration 0091): a day closes an hour after it ends
 * by the database's clock, so no transaction still open can add to it. Two dashboards at once store a day once.
 * $1 the window's first day, $2 today by the app's clock, $3 the kinds.
 */
const SEAL_CLOSED_DAYS = `
  INSERT INTO ledger_days (day, kind, total)
  SELECT g::date, k.kind,
         coalesce((SELECT sum(e.amount) FROM ledger_entries e
                    WHERE e.kind = k.kind AND e.created_at >= (g::date::timestamp AT TIME ZONE 'UTC')
                      AND e.created_at < ((g::date + 1)::timestamp AT TIME ZONE 'UTC')), 0)
    FROM generate_series($1::date, least($2::date, ((now() - interval '1 hour') AT TIME ZONE 'UTC')::date) - 1,
                         interval '1 day') AS g
   CROSS JOIN unnest($3::text[]) AS k(kind)
   WHERE NOT EXISTS (SELECT 1 FROM ledger_days d WHERE d.day = g::date AND d.kind = k.kind)
  ON CONFLICT DO NOTHING`;

/**
 * Per day and kind over the window: the stored days up to the first one not stored (a day an entry was written into
 * since, or today), and from there the ledger itself. $4 the end of today.
 */
const DAILY_TOTALS = `
  WITH stored AS (
    SELECT day, kind, total FROM ledger_days WHERE day >= $1::date AND day < $2::date AND kind = ANY($3::text[])
  ), live_from AS (
    SELECT coalesce(min(g::date), $2::date) AS day
      FROM generate_series($1::date, $2::date - 1, interval '1 day') AS g
     WHERE NOT EXISTS (SELECT 1 FROM stored s WHERE s.day = g::date)
  )
  SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.kind, s.total FROM stored s, live_from l WHERE s.day < l.day
  UNION ALL
  SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), e.kind, sum(e.amount)::bigint
    FROM ledger_entries e, live_from l
   WHERE e.kind = ANY($3::text[]) AND e.created_at >= (l.day::timestamp AT TIME ZONE 'UTC') AND e.created_at < $4
   GROUP BY 1, 2`;

const INVOICES = '/panel/payment';
const USERS = '/panel/users';
const MODEMS = '/panel/farm';
const ALERTS = '/panel';

/**
 * Every customer's orders (the Users section's tab) made from `day` through `today`, whole UTC days: what the order
 * figures sum, without an order a clock running ahead stamped after today.
 */
const ordersSince = (day: string, today: string) =>
  query(USERS, { tab: 'orders', created_after: day, created_before: today, ordering: '-created_at' });

export function dashboardRepository(q: Queryable) {
  return {
    async money(now: Date, currency: Currency): Promise<MoneyWidget> {
      const { days, from, to } = window30(now);
      const [first, today] = [days[0] as string, days.at(-1) as string];
      await q.query(SEAL_CLOSED_DAYS, [first, today, MONEY_KINDS]);
      const [byKind, renewed, [invoices], [balances]] = await Promise.all([
        q.query<{ day: string; kind: (typeof MONEY_KINDS)[number]; total: number }>(DAILY_TOTALS, [
          first,
          today,
          MONEY_KINDS,
          to,
        ]),
        q.query<{ day: string; renewals: number }>(RENEWALS_BY_DAY, [from, to]),
        q.query<{ count: number; total: number }>(
          `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS total FROM invoices WHERE status = 'pending'`,
        ),
        q.query<{ total: number }>('SELECT coalesce(sum(balance), 0)::bigint AS total FROM users WHERE balance > 0'),
      ]);
      // Debits are negative entries; the widget shows what was spent, as a positive sum.
      const ledger = days.map((day) => {
        const total = (kind: string) => Number(byKind.find((row) => row.day === day && row.kind === kind)?.total ?? 0);
        return { day, topups: total('topup'), purchases: -total('purchase') };
      });
      const daily = {
        ...spread(ledger, days, ['topups', 'purchases'] as const),
        ...spread(renewed, days, ['renewals'] as const),
      };
      // The ledger's top-ups are paid invoices and its purchases the orders; the renewals, every renewal of a proxy.
      const paidSince = (day: string) =>
        query(INVOICES, { tab: 'invoices', status: 'paid', created_after: day, ordering: '-created_at' });
      const renewedSince = (day: string) =>
        query(USERS, { tab: 'renewals', renewed_after: day, renewed_before: today, ordering: '-renewed_at' });
      return {
        currency,
        topups: periods(daily.topups, paidSince, days),
        purchases: periods(daily.purchases, (day) => ordersSince(day, today), days),
        renewals: periods(daily.renewals, renewedSince, days),
        daily: { days, ...daily },
        open_invoices: {
          count: figure(invoices?.count ?? 0, query(INVOICES, { tab: 'invoices', status: 'pending' })),
          total: Number(invoices?.total ?? 0),
        },
        balance_total: figure(Number(balances?.total ?? 0), query(USERS, { balance_min: '1', ordering: '-balance' })),
      };
    },

    async sales(now: Date): Promise<SalesWidget> {
      const { days, from, to } = window30(now);
      const soon = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS);
      const [orders, [counts]] = await Promise.all([
        // Grouped by the UTC day's start as an instant, named in JS (as the rotations' hours are).
        q.query<{ day: Date | string; orders: number; proxies: number }>(
          `SELECT date_bin('1 day', created_at, timestamptz '2000-01-01 00:00:00+00') AS day,
                  count(*)::int AS orders, sum(quantity)::int AS proxies
             FROM orders WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
          [from, to],
        ),
        q.query<{ active: number; expiring_auto: number; expiring_manual: number; renewal_failed: number }>(
          `SELECT count(*)::int AS active,
                  count(*) FILTER (WHERE expires_at < $2 AND auto_renew)::int AS expiring_auto,
                  count(*) FILTER (WHERE expires_at < $2 AND NOT auto_renew)::int AS expiring_manual,
                  count(*) FILTER (WHERE renewal_failed_for = expires_at)::int AS renewal_failed
             FROM proxies WHERE state IN ('active', 'expiring') AND expires_at > $1`,
          [now, soon],
        ),
      ]);
      const daily = spread(
        orders.map((row) => ({ ...row, day: isoDay(new Date(row.day).getTime()) })),
        days,
        ['orders', 'proxies'] as const,
      );
      const today = days.at(-1) as string;
      // The proxies counted are the ones the list shows `active` or `expiring` (served, not past their expiry even
      // before the suspension sweep writes it). Expiring: within 3 days, which the list says as whole days left 0–2
      // (rounded down: under 72 hours); renewal failed: for the current expiry, as the renewal sweep records it.
      const served = (filters: Record<string, string> = {}) =>
        query(USERS, { tab: 'proxies', status: 'active,expiring', ...filters, ordering: 'expires_at' });
      const expiring = (autoRenew: string) =>
        served({ days_left_max: String(EXPIRING_DAYS - 1), auto_renew: autoRenew });
      return {
        orders: periods(daily.orders, (day) => ordersSince(day, today), days),
        // The proxies sold are the orders' quantities: the same orders list.
        proxies_sold: periods(daily.proxies, (day) => ordersSince(day, today), days),
        daily: { days, ...daily },
        active_proxies: figure(counts?.active ?? 0, served()),
        expiring_auto: figure(counts?.expiring_auto ?? 0, expiring('true')),
        expiring_manual: figure(counts?.expiring_manual ?? 0, expiring('false')),
        renewal_failed: figure(counts?.renewal_failed ?? 0, served({ renewal_failed: 'true' })),
      };
    },

    async farm(now: Date): Promise<FarmWidget> {
      const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
      const from = hourStart - 23 * HOUR_MS;
      const hours = Array.from({ length: 24 }, (_, index) => new Date(from + index * HOUR_MS).toISOString());
      const [hosts, places, free, rotations, [lastHour]] = await Promise.all([
        q.query<{
          id: number;
          name: string;
          last_seen_at: Date | string | null;
          config_version: string;
          served_version: string | null;
          online: number;
          offline: number;
          maintenance: number;
        }>(
          `SELECT h.id, h.name, h.last_seen_at, h.config_version::text, h.served_version,
                  count(m.id) FILTER (WHERE m.status = 'online')::int AS online,
                  count(m.id) FILTER (WHERE m.status = 'offline')::int AS offline,
                  count(m.id) FILTER (WHERE m.status = 'maintenance')::int AS maintenance
             FROM agent_hosts h LEFT JOIN modems m ON m.host_id = h.id
            GROUP BY h.id ORDER BY h.name`,
        ),
        // Every place with a modem in service, so a sold-out one shows 0 (the order page lists only what is free).
        q.query<{ country: string; city: string; city_ru: string; operator: string; operator_ru: string }>(
          `SELECT s.*, ${placeRuOf('s')}
             FROM (SELECT DISTINCT country, city, operator FROM modems WHERE status <> 'maintenance') s
            ORDER BY s.country, s.city, s.operator`,
        ),
        freeStock(q, now),
        // Grouped by the hour's start as an instant, named in JS: formatting each row in SQL cost more than the scan.
        q.query<{ hour: Date | string; done: number; failed: number }>(
          `SELECT date_bin('1 hour', requested_at, timestamptz '2000-01-01 00:00:00+00') AS hour,
                  count(*) FILTER (WHERE status = 'done')::int AS done,
                  count(*) FILTER (WHERE status = 'failed')::int AS failed
             FROM rotations WHERE requested_at >= $1 AND requested_at < $2 GROUP BY 1`,
          [new Date(from), new Date(hourStart + HOUR_MS)],
        ),
        q.query<{ total: number; failed: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'failed')::int AS failed
             FROM rotations WHERE requested_at > $1 AND requested_at <= $2`,
          [new Date(now.getTime() - HOUR_MS), now],
        ),
      ]);
      const freeAt = new Map(free.map((line) => [`${line.country}/${line.city}/${line.operator}`, line.free]));
      const byHour = new Map(rotations.map((row) => [new Date(row.hour).toISOString(), row]));
      const recentRotations = query(MODEMS, { ordering: '-last_rotation_at' });
      return {
        hosts: hosts.map((host) => {
          const modems = (status: string) => query(MODEMS, { status, host: String(host.id) });
          return {
            id: host.id,
            name: host.name,
            online: figure(host.online, modems('online')),
            offline: figure(host.offline, modems('offline')),
            maintenance: figure(host.maintenance, modems('maintenance')),
            last_seen_at: iso(host.last_seen_at),
            config_lag:
              host.served_version === null
                ? null
                : Math.max(0, Number(host.config_version) - Number(host.served_version)),
            link: `/panel/farm/hosts/${host.id}`,
          };
        }),
        // The modems list filters by country and operator (it has no city filter): the place's modems online.
        stock: places.map((place) => ({
          ...place,
          free: freeAt.get(`${place.country}/${place.city}/${place.operator}`) ?? 0,
          link: query(MODEMS, { status: 'online', country: place.country, operator: place.operator }),
        })),
        rotations_hour: figure(lastHour?.total ?? 0, recentRotations),
        rotations_failed_hour: figure(lastHour?.failed ?? 0, recentRotations),
        hourly: {
          hours,
          done: hours.map((hour) => byHour.get(hour)?.done ?? 0),
          failed: hours.map((hour) => byHour.get(hour)?.failed ?? 0),
        },
      };
    },

    async machinery(now: Date): Promise<MachineryWidget> {
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const [[outbox], jobs, [webhooks]] = await Promise.all([
        q.query<{ queued: number; failed: number }>(
          `SELECT (SELECT count(*) FROM outbox WHERE status = 'queued')::int AS queued,
                  (SELECT count(*) FROM outbox WHERE status = 'failed' AND created_at >= $1)::int AS failed`,
          [dayAgo],
        ),
        q.query<{ name: string; every_ms: number; last_ok_at: Date | string | null; failures: number }>(
          'SELECT name, every_ms, last_ok_at, failures FROM job_runs ORDER BY name',
        ),
        q.query<{ refused: number }>('SELECT count(*)::int AS refused FROM webhook_refusals WHERE received_at >= $1', [
          dayAgo,
        ]),
      ]);
      const lines = jobs.map((job) => ({
        name: job.name,
        last_ok_at: iso(job.last_ok_at),
        failures: job.failures,
        lagging:
          job.last_ok_at === null ||
          now.getTime() - new Date(job.last_ok_at).getTime() > LAG_INTERVALS * job.every_ms + 60_000,
      }));
      const history = (kind: string) => query(ALERTS, { tab: 'alerts', kind });
      return {
        outbox_queued: figure(outbox?.queued ?? 0, history('outbox_backlog')),
        outbox_failed_day: figure(outbox?.failed ?? 0, history('outbox_backlog')),
        jobs_lagging: figure(lines.filter((job) => job.lagging).length, history('job_failing')),
        jobs_failing: figure(lines.filter((job) => job.failures > 0).length, history('job_failing')),
        jobs: lines,
        webhooks_refused_day: figure(webhooks?.refused ?? 0, history('webhook_refused')),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
