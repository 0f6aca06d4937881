/**
 * The customer's proxies as their owner reads them (`/api/proxies/`): each with its modem's place, status and address
 * and its host's public name, the change-IP link, the rotation history and the traffic charts. Every read is scoped
 * to the owner: another customer's proxy is not found, never forbidden (its existence is nobody else's business).
 */
import type { ProxyState } from '@proxy/contract/schemas/farm-agent';
import {
  EXPIRING_DAYS,
  REBOOT_COOLDOWN_SECONDS,
  type PanelProxyListParams,
  type PanelProxyRow,
  type Proxy,
  type ProxyChoices,
  type ProxyRotation,
  type Traffic,
  type TrafficRange,
} from '@proxy/contract/schemas/proxies';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { CHECK_URL_COLUMN } from './check-target.ts';
import { healthColumnsAt, healthOf, type HealthRow } from './checks-repository.ts';
import { operatorNamesRu, placeRuOf } from './place-names.ts';
import { hostHeardAt, hostSilentAt } from './hosts-repository.ts';
import { ROTATE_COOLDOWN_SECONDS } from './farm-service.ts';

/** The clock's now as an SQL literal (an ISO timestamp we made: nothing to escape), for the expressions below. */
const sqlTime = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;

/**
 * The state the owner sees at `now`: the stored one, except that a served proxy past its expiry shows `expired` until
 * the suspension job writes `suspended`, and an active proxy within `EXPIRING_DAYS` of its expiry shows `expiring` —
 * once its owner has had it at least as long as it has left: a proxy bought for a day is not "expiring" the moment
 * it is bought, while a month's proxy is in its last three days (#28). The list's status filter uses this same
 * expression, so a filter never disagrees with what it shows.
 */
const stateAt = (now: string) => `CASE
  WHEN p.state IN ('active', 'expiring') AND p.expires_at <= ${now} THEN 'expired'
  WHEN p.state = 'active' AND p.expires_at < ${now} + make_interval(days => ${EXPIRING_DAYS})
       AND ${now} - p.owned_since >= p.expires_at - ${now} THEN 'expiring'
  ELSE p.state END`;
/** Whole days left, rounded down: 0 on the last day, negative once expired. */
const daysLeftAt = (now: string) => `floor(extract(epoch FROM p.expires_at - ${now}) / 86400)::int`;

/** A rotation of the proxy's current owner: a transferred proxy's earlier addresses were someone else's. */
const SINCE_OWNED = `requested_at >= (SELECT owned_since FROM proxies WHERE id = $1)`;
/**
 * The proxy's rotations, and staff's reboots of its modem: those name no proxy, yet cut off everyone on the modem,
 * and a customer who saw the proxy drop should see why.
 */
const OF_PROXY = `(proxy_id = $1 OR (proxy_id IS NULL AND kind = 'reboot'
  AND modem_id = (SELECT modem_id FROM proxies WHERE id = $1)))`;

/**
 * The proxy's history: its rotations and reboots (`OF_PROXY`), its moves to another place (#29, `proxy_moves`,
 * each with both places) and its replacements (#49 item 9, `proxy_replacements`), since its owner has had it. A move
 * or a replacement is the customer's and done when it is recorded.
 */
const HISTORY = `SELECT id::int AS id, kind, source, status, old_ip, new_ip, requested_at, finished_at, NULL::jsonb AS move
    FROM rotations WHERE ${OF_PROXY} AND ${SINCE_OWNED}
  UNION ALL
  SELECT v.id, 'move', 'customer', 'done', v.from_ip, v.to_ip, v.created_at, v.created_at,
         jsonb_build_object(
           'from', jsonb_build_object('country', v.from_country, 'city', v.from_city, 'operator', v.from_operator,
             'city_ru', f.city_ru, 'operator_ru', f.operator_ru),
           'to', jsonb_build_object('country', v.to_country, 'city', v.to_city, 'operator', v.to_operator,
             'city_ru', t.city_ru, 'operator_ru', t.operator_ru))
    FROM proxy_moves v
    CROSS JOIN LATERAL (SELECT ${placeRuOf('x')}
      FROM (SELECT v.from_country AS country, v.from_city AS city, v.from_operator AS operator) x) f
    CROSS JOIN LATERAL (SELECT ${placeRuOf('x')}
      FROM (SELECT v.to_country AS country, v.to_city AS city, v.to_operator AS operator) x) t
   WHERE v.proxy_id = $1 AND v.created_at >= (SELECT owned_since FROM proxies WHERE id = $1)
  UNION ALL
  SELECT r.id, 'replace', 'customer', 'done', r.from_ip, r.to_ip, r.created_at, r.created_at, NULL::jsonb
    FROM proxy_replacements r
   WHERE r.proxy_id = $1 AND r.created_at >= (SELECT owned_since FROM proxies WHERE id = $1)`;

const FROM = `proxies p JOIN modems m ON m.id = p.modem_id JOIN agent_hosts h ON h.id = p.host_id`;
/** The lists' rows name their owner: the panel's list of every customer's proxies shows and searches the e-mail. */
const LISTED = `${FROM} JOIN users u ON u.id = p.owner_id`;
/**
 * Online: the modem is, as its agent last reported, and the API still hears from that agent (#42). Offline since: when
 * the modem went down, or when its host was last heard from — a `kill -9`ed agent reports nothing, and its modems'
 * last report said online.
 */
const columnsAt = (now: string) => `p.id, ${stateAt(now)} AS state,
  m.status = 'online' AND ${hostHeardAt('h', now)} AS online, p.comment,
  m.country, m.city, ${placeRuOf('m')}, m.operator, h.public_host AS host, p.http_port, p.socks_port, p.login, p.password, p.whitelist,
  m.ip, p.expires_at, ${daysLeftAt(now)} AS days_left, p.trial, p.auto_renew, p.auto_rotate_minutes, p.last_rotation_at,
  p.rotate_token, p.created_at, p.owned_since,
  CASE WHEN m.status <> 'online' THEN m.offline_since WHEN ${hostSilentAt('h', now)} THEN h.last_seen_at END
    AS offline_since,
  (SELECT max(r.requested_at) FROM rotations r WHERE r.modem_id = p.modem_id AND r.kind = 'reboot') AS last_reboot_at,
  EXISTS (SELECT 1 FROM rotations r WHERE r.modem_id = p.modem_id AND r.kind = 'reboot' AND r.status = 'pending')
    AS rebooting,
  EXISTS (SELECT 1 FROM proxies o WHERE o.modem_id = p.modem_id AND o.id <> p.id AND o.state IN ('active', 'expiring'))
    AS modem_shared, ${healthColumnsAt('p.modem_id', now)}, ${CHECK_URL_COLUMN}`;

const ORDERINGS: Readonly<Record<string, string>> = {
  expires_at: 'p.expires_at',
  created_at: 'p.created_at',
  country: 'm.country',
  operator: 'm.operator',
  comment: 'p.comment',
};

interface ProxyRow extends HealthRow {
  id: number;
  check_url: string | null;
  state: ProxyState;
  online: boolean;
  comment: string;
  country: string;
  city: string;
  city_ru: string;
  operator: string;
  operator_ru: string;
  host: string;
  http_port: number;
  socks_port: number;
  login: string;
  password: string;
  whitelist: string[];
  ip: string | null;
  expires_at: Date | string;
  days_left: number;
  trial: boolean;
  auto_renew: boolean;
  auto_rotate_minutes: number;
  last_rotation_at: Date | string | null;
  rotate_token: string;
  created_at: Date | string;
  owned_since: Date | string;
  offline_since: Date | string | null;
  last_reboot_at: Date | string | null;
  rebooting: boolean;
  modem_shared: boolean;
}

/** What the panel's list of every customer's proxies shows beyond the owner's view: the owner, a failed renewal. */
type ListedExtras = Pick<PanelProxyRow, 'user_id' | 'user_email' | 'renewal_failed'>;
/** Failed for the current expiry, as the renewal sweep records it; a renewal since moved the expiry past it. */
const RENEWAL_FAILED = 'coalesce(p.renewal_failed_for = p.expires_at, false)';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * One owner's proxies, searched by their labels and addresses, or every customer's (`ownerId` null: the panel's list),
 * searched by the customer's e-mail.
 */
function filter(
  ownerId: number | null,
  params: PanelProxyListParams,
  now: string,
): { where: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  if (ownerId !== null) add((n) => `p.owner_id = $${n}`, ownerId);
  const {
    status,
    country,
    operator,
    days_left: daysLeft,
    expires,
    auto_renew: autoRenew,
    renewal_failed: renewalFailed,
  } = params.filters ?? {};
  const yes = (choices: readonly ('true' | 'false')[]) => choices.map((choice) => choice === 'true');
  if (status) add((n) => `${stateAt(now)} = ANY($${n}::text[])`, status);
  if (country) add((n) => `m.country = ANY($${n}::text[])`, country);
  if (operator) add((n) => `m.operator = ANY($${n}::text[])`, operator);
  if (daysLeft?.min !== undefined) add((n) => `${daysLeftAt(now)} >= $${n}`, daysLeft.min);
  if (daysLeft?.max !== undefined) add((n) => `${daysLeftAt(now)} <= $${n}`, daysLeft.max);
  if (expires?.after) add((n) => `p.expires_at >= $${n}::date`, expires.after);
  if (expires?.before) add((n) => `p.expires_at < $${n}::date + 1`, expires.before);
  if (autoRenew) add((n) => `p.auto_renew = ANY($${n}::boolean[])`, yes(autoRenew));
  if (renewalFailed) add((n) => `${RENEWAL_FAILED} = ANY($${n}::boolean[])`, yes(renewalFailed));
  for (const term of searchTerms(params.search)) {
    if (ownerId === null) add((n) => `u.email ILIKE $${n}`, likePattern(term));
    else add((n) => `(p.comment ILIKE $${n} OR m.ip ILIKE $${n})`, likePattern(term));
  }
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export interface CustomerProxiesOptions {
  /** PUBLIC_URL: the change-IP link is absolute (it is pasted into scripts and other tools). */
  readonly publicUrl: string;
  /** Milliseconds now: the state and days left, when the next change of IP is allowed (the app's clock). */
  readonly now?: () => number;
}

export function customerProxiesRepository(q: Queryable, options: CustomerProxiesOptions) {
  const now = options.now ?? Date.now;

  const toProxy = (row: ProxyRow): Proxy => {
    const lastRotation = row.last_rotation_at === null ? null : new Date(row.last_rotation_at);
    const available = lastRotation ? lastRotation.getTime() + ROTATE_COOLDOWN_SECONDS * 1000 : 0;
    // A change made before the owner had the proxy was someone else's (#28). The cooldown still follows the modem's
    // last change, whoever made it: right after one the modem is reconnecting, and the API says "wait" regardless.
    const ownRotation = lastRotation && lastRotation >= new Date(row.owned_since) ? lastRotation : null;
    const rebootAt =
      row.last_reboot_at === null ? 0 : new Date(row.last_reboot_at).getTime() + REBOOT_COOLDOWN_SECONDS * 1000;
    return {
      id: row.id,
      state: row.state,
      online: row.online,
      offline_since: row.offline_since === null ? null : iso(row.offline_since),
      comment: row.comment,
      country: row.country,
      city: row.city,
      city_ru: row.city_ru,
      operator: row.operator,
      operator_ru: row.operator_ru,
      host: row.host,
      http_port: row.http_port,
      socks_port: row.socks_port,
      login: row.login,
      password: row.password,
      whitelist: row.whitelist,
      ip: row.ip,
      expires_at: iso(row.expires_at),
      days_left: row.days_left,
      trial: row.trial,
      auto_renew: row.auto_renew,
      auto_rotate_minutes: row.auto_rotate_minutes,
      last_rotation_at: ownRotation?.toISOString() ?? null,
      rotate_available_at: available > now() ? new Date(available).toISOString() : null,
      rotate_url: `${options.publicUrl}/r/${row.rotate_token}`,
      created_at: iso(row.created_at),
      reboot: {
        available_at: rebootAt > now() ? new Date(rebootAt).toISOString() : null,
        shared: row.modem_shared,
        running: row.rebooting,
      },
      health: healthOf(row),
      check_url: row.check_url,
    };
  };

  return {
    async get(id: number, ownerId: number): Promise<Proxy | null> {
      const [row] = await q.query<ProxyRow>(
        `SELECT ${columnsAt(sqlTime(now()))} FROM ${FROM} WHERE p.id = $1 AND p.owner_id = $2`,
        [id, ownerId],
      );
      return row ? toProxy(row) : null;
    },

    /** One owner's proxies, or with `ownerId` null every customer's. */
    async count(ownerId: number | null, params: PanelProxyListParams): Promise<number> {
      const { where, values } = filter(ownerId, params, sqlTime(now()));
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${LISTED} WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /** Newest first unless `ordering` says otherwise; the id breaks ties so pages never overlap. */
    async list(
      ownerId: number | null,
      params: PanelProxyListParams,
      window: Pick<PageWindow, 'limit' | 'offset'>,
    ): Promise<(Proxy & ListedExtras)[]> {
      const { where, values } = filter(ownerId, params, sqlTime(now()));
      const ordering = params.ordering ?? '-created_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = ORDERINGS[ordering.replace(/^-/, '')] ?? 'p.created_at';
      const rows = await q.query<ProxyRow & ListedExtras>(
        `SELECT ${columnsAt(sqlTime(now()))}, p.owner_id AS user_id, u.email AS user_email,
                ${RENEWAL_FAILED} AS renewal_failed
           FROM ${LISTED} WHERE ${where}
          ORDER BY ${column} ${direction}, p.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map((row) => ({
        ...toProxy(row),
        user_id: row.user_id,
        user_email: row.user_email,
        renewal_failed: row.renewal_failed,
      }));
    },

    /** The countries and operators of the owner's proxies, for the list's filters. */
    async choices(ownerId: number): Promise<ProxyChoices> {
      const owned = 'proxies p JOIN modems m ON m.id = p.modem_id';
      const [[row], operatorsRu] = await Promise.all([
        q.query<Omit<ProxyChoices, 'operators_ru'>>(
          `SELECT COALESCE(array_agg(DISTINCT m.country ORDER BY m.country), '{}') AS countries,
                  COALESCE(array_agg(DISTINCT m.operator ORDER BY m.operator), '{}') AS operators
             FROM ${owned} WHERE p.owner_id = $1`,
          [ownerId],
        ),
        operatorNamesRu(q, owned, 'p.owner_id = $1', [ownerId]),
      ]);
      return { countries: row?.countries ?? [], operators: row?.operators ?? [], operators_ru: operatorsRu };
    },

    async countRotations(proxyId: number): Promise<number> {
      const [row] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${HISTORY}) h`, [proxyId]);
      return row?.count ?? 0;
    },

    /**
     * The rotations and reboots asked for this proxy since its owner has had it, staff's reboots of its modem, and
     * its moves to another place, newest first (staff's rotations of an idle modem name no proxy).
     */
    async rotations(proxyId: number, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<ProxyRotation[]> {
      const rows = await q.query<
        Omit<ProxyRotation, 'requested_at' | 'finished_at' | 'move'> & {
          requested_at: Date | string;
          finished_at: Date | string | null;
          move: ProxyRotation['move'] | null;
        }
      >(`SELECT * FROM (${HISTORY}) h ORDER BY requested_at DESC, kind DESC, id DESC LIMIT $2 OFFSET $3`, [
        proxyId,
        window.limit,
        window.offset,
      ]);
      return rows.map(({ move, ...row }) => ({
        ...row,
        ...(move ? { move } : {}),
        requested_at: iso(row.requested_at),
        finished_at: row.finished_at === null ? null : iso(row.finished_at),
      }));
    },

    /**
     * Bytes per UTC hour over the last 24 hours or per UTC day over the last 7 days, oldest first, every bucket
     * present (zeros where nothing went through, and before the bucket its owner got it in), from the rollups each
     * agent report refreshes.
     */
    async traffic(proxyId: number, range: TrafficRange): Promise<Traffic> {
      const [unit, step, buckets] = range === '24h' ? ['hour', '1 hour', 24] : ['day', '24 hours', 7];
      const rows = await q.query<{ at: Date | string; bytes_in: number; bytes_out: number }>(
        `SELECT b.at, COALESCE(r.bytes_in, 0) AS bytes_in, COALESCE(r.bytes_out, 0) AS bytes_out
           FROM generate_series(date_trunc($2, now(), 'UTC') - ($3 - 1) * $4::interval, date_trunc($2, now(), 'UTC'),
                                $4::interval) AS b(at)
           LEFT JOIN traffic_rollups r ON r.proxy_id = $1 AND r.period = $2 AND r.starts_at = b.at
                AND r.starts_at >= (SELECT date_trunc($2, owned_since, 'UTC') FROM proxies WHERE id = $1)
          ORDER BY b.at`,
        [proxyId, unit, buckets, step],
      );
      const points = rows.map((row) => ({ at: iso(row.at), bytes_in: row.bytes_in, bytes_out: row.bytes_out }));
      return {
        range,
        points,
        total_in: points.reduce((sum, point) => sum + point.bytes_in, 0),
        total_out: points.reduce((sum, point) => sum + point.bytes_out, 0),
      };
    },
  };
}

export type CustomerProxiesRepository = ReturnType<typeof customerProxiesRepository>;
