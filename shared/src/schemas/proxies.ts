import * as v from 'valibot';
import { CURRENCIES } from '../money.ts';
import { whitelistProblem, type WhitelistProblem } from '../ip-ranges.ts';
import { MAX_WHITELIST, PROXY_STATES, ROTATION_KINDS } from './farm-agent.ts';
import { cityRu, operatorNamesRu, operatorRu, rowId, text } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';
import { RowCustomerSchema } from './orders.ts';

/**
 * The customer's proxies, "IPs" (docs/product.md "Proxies"): the list, one proxy with its credentials, rotation and
 * traffic, and what the owner may change. Only the owner sees a proxy (anyone else gets 404).
 */

const timestamp = v.string();
const currency = v.picklist(CURRENCIES);

export { PROXY_STATES, MAX_WHITELIST };
export const MAX_COMMENT = 190;
/** Auto-rotation: 0 = off, else every 2–1440 minutes. */
export const AUTO_ROTATE_MIN = 2;
export const AUTO_ROTATE_MAX = 1440;
/** A proxy is `expiring` within this many days of its expiry. */
export const EXPIRING_DAYS = 3;

/**
 * Whether the proxy works: the last health check of its modem by the agent (a request through the modem to the check
 * target, every few minutes and on demand) and the share of ok checks in the last 24 hours (0–1).
 */
export const ProxyHealthSchema = v.object({
  ok: v.boolean(),
  latency_ms: v.nullable(v.number()),
  /** The external address the check target saw. */
  ip: v.nullable(v.string()),
  checked_at: timestamp,
  uptime_24h: v.number(),
});
export type ProxyHealth = v.InferOutput<typeof ProxyHealthSchema>;

/** A proxy as its owner sees it in the list and on its page: everything needed to connect. */
export const ProxySchema = v.object({
  id: v.number(),
  state: v.picklist(PROXY_STATES),
  /** The modem as its agent last reported it (`maintenance`: staff took it out of service). */
  online: v.boolean(),
  /**
   * Since when the modem has been offline by its agent's reports (#33); null while it is not. Optional in answers:
   * a server before contract 1.3 does not send it.
   */
  offline_since: v.optional(v.nullable(timestamp), null),
  comment: v.string(),
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
  /** What the customer connects to, and the two ports on it. */
  host: v.string(),
  http_port: v.number(),
  socks_port: v.number(),
  login: v.string(),
  password: v.string(),
  whitelist: v.array(v.string()),
  /** The modem's current external address (null until its agent reported one). */
  ip: v.nullable(v.string()),
  expires_at: timestamp,
  /** Whole days left, rounded down; 0 on the last day, negative once expired. */
  days_left: v.number(),
  /**
   * A free trial's proxy (#29, #43): it cannot be moved or handed over, and is released when it ends; a renewal makes
   * it an ordinary proxy. Absent from an API older than the mark (#43).
   */
  trial: v.optional(v.boolean(), false),
  auto_renew: v.boolean(),
  auto_rotate_minutes: v.number(),
  last_rotation_at: v.nullable(timestamp),
  /** When the next change through the link or "change IP now" is allowed; null: now. */
  rotate_available_at: v.nullable(timestamp),
  /** The change-IP link, absolute: anyone holding it can rotate the modem, without signing in. */
  rotate_url: v.string(),
  created_at: timestamp,
  /** Rebooting the modem (`POST /api/proxies/{id}/reboot/`); absent from an API older than it. */
  reboot: v.optional(
    v.object({
      /** When the next reboot is allowed (the modem's last reboot + `REBOOT_COOLDOWN_SECONDS`); null: now. */
      available_at: v.nullable(timestamp),
      /** Other customers' proxies use the modem: a reboot would cut them off too, so the owner may not (staff may). */
      shared: v.boolean(),
      /** A reboot was asked and the modem has not reported back yet. */
      running: v.boolean(),
    }),
  ),
  /** Null before the modem's first check; absent from an API older than health checks. */
  health: v.optional(v.nullable(ProxyHealthSchema)),
  /**
   * Where the health checks go, as staff set it (#29): the page's ready-to-paste `curl` asks it. Null: the site's own
   * `/api/ip/`; absent from an API older than the setting (the same default).
   */
  check_url: v.optional(v.nullable(v.string())),
});
export type Proxy = v.InferOutput<typeof ProxySchema>;

/**
 * A reboot takes the modem off the network for a minute or two and some operators flag a SIM that re-registers
 * often, so it is allowed once per 10 minutes per modem: longer than the change-IP cooldown (a reconnect, seconds).
 */
export const REBOOT_COOLDOWN_SECONDS = 600;

/** A proxy's "check now" (`POST /api/proxies/{id}/check/`) is allowed once per this many seconds. */
export const CHECK_COOLDOWN_SECONDS = 30;

/**
 * A customer's proxy as staff see it in the panel (`/api/panel/users/{id}/proxies/`): without the password and the
 * change-IP link, which are the customer's credentials (whoever holds the link rotates the modem without signing in).
 */
export const PanelProxySchema = v.omit(ProxySchema, ['password', 'rotate_url']);
export type PanelProxy = v.InferOutput<typeof PanelProxySchema>;

export const PROXY_LIST = defineList({
  orderings: ['expires_at', 'created_at', 'country', 'operator', 'comment'],
  filters: {
    status: { type: 'list', choices: PROXY_STATES },
    country: { type: 'values' },
    operator: { type: 'values' },
    days_left: { type: 'range' },
    expires: { type: 'date_range' },
  },
});
export type ProxyListParams = ListParams<typeof PROXY_LIST>;

/**
 * `GET /api/panel/proxies/` (staff, `users.view_user`): every customer's proxies, each with its customer and whether
 * its auto-renewal failed for lack of balance for its current expiry (`renewal_failed_for = expires_at`).
 */
export const PanelProxyRowSchema = v.object({
  ...PanelProxySchema.entries,
  ...RowCustomerSchema.entries,
  renewal_failed: v.boolean(),
});
export type PanelProxyRow = v.InferOutput<typeof PanelProxyRowSchema>;

const YES_NO = ['true', 'false'] as const;

/**
 * A customer's own list's filters and orderings, plus whether the proxy renews itself and whether its auto-renewal
 * failed for lack of balance (for its current expiry: `renewal_failed_for = expires_at`, what the panel home's
 * "renewal failed" figure counts). `?search=` matches the customer's e-mail.
 */
export const PANEL_PROXY_LIST = defineList({
  ...PROXY_LIST,
  filters: {
    ...PROXY_LIST.filters,
    auto_renew: { type: 'list', choices: YES_NO },
    renewal_failed: { type: 'list', choices: YES_NO },
  },
});
export type PanelProxyListParams = ListParams<typeof PANEL_PROXY_LIST>;

/** `GET /api/proxies/choices/`: the countries and operators of the customer's own proxies, for the filters. */
export const ProxyChoicesSchema = v.object({
  countries: v.array(v.string()),
  operators: v.array(v.string()),
  operators_ru: operatorNamesRu(),
});
export type ProxyChoices = v.InferOutput<typeof ProxyChoicesSchema>;

/** Passes unless the entry has this problem: an entry has at most one, so it gets one message. */
const without = (problem: WhitelistProblem) => v.check((entry: string) => whitelistProblem(entry) !== problem, problem);
const whitelistEntry = v.pipe(
  v.string(),
  v.trim(),
  without('ip_or_cidr'),
  without('ip_range_too_wide'),
  without('ip_range_reserved'),
);

/**
 * `PATCH /api/proxies/{id}/`: any of these. A whitelist replaces the old one (duplicates are dropped); each entry is a
 * public address or a network no wider than IPv4 /24 or IPv6 /48 (`whitelistProblem`).
 */
export const ProxyUpdateSchema = v.partial(
  v.object({
    comment: text(MAX_COMMENT),
    auto_renew: v.boolean(),
    auto_rotate_minutes: v.union([
      v.literal(0),
      v.pipe(v.number(), v.integer(), v.minValue(AUTO_ROTATE_MIN), v.maxValue(AUTO_ROTATE_MAX)),
    ]),
    whitelist: v.pipe(v.array(whitelistEntry), v.maxLength(MAX_WHITELIST)),
  }),
);
export type ProxyUpdate = v.InferOutput<typeof ProxyUpdateSchema>;

/**
 * A login the owner picks (`POST /api/proxies/{id}/login/`), by the generated ones' rule (`u` and 9 characters:
 * secrets.ts): lower-case Latin letters and digits, starting with a letter — nothing a connection string
 * (`http://login:password@host:port`) or a SOCKS5 user name needs escaped, and no case to get wrong when typing it
 * into a tool. 4–32 characters. Taken case-insensitively (it is lower-cased), unique among all proxies.
 */
export const CUSTOMER_LOGIN = /^[a-z][a-z0-9]{3,31}$/;
export const ProxyLoginSchema = v.object({
  login: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(CUSTOMER_LOGIN, 'proxy_login')),
});
export type ProxyLoginInput = v.InferInput<typeof ProxyLoginSchema>;

/**
 * `POST /api/proxies/{id}/reboot/` answers the same way as "change IP now", waiting for the modem to come back (200
 * `{ok: true, ip}`), every refusal with `error` (a code for scripts) and `detail`: 403 `proxy_inactive`, 429 with
 * `wait_seconds` (the reboot cooldown), 503 `modem_unavailable` (offline or in maintenance), 409 `modem_shared` (other
 * customers use the modem) and `modem_busy` (it is already rotating or rebooting), 502 `rotation_failed`, 504
 * `timeout` (not back yet: the proxy's `reboot.running` says when it is).
 */
/**
 * `POST /api/proxies/{id}/rotate/` ("change IP now") and `GET /r/{token}` answer alike: 200 `{ok: true, ip}` once
 * the agent has the new address; 429 `{ok: false, wait_seconds}` within the cooldown; 503 modem offline, 502 the
 * rotation failed, 504 no answer in time (`{ok: false}` with `detail`).
 */
export const RotateAnswerSchema = v.object({
  ok: v.boolean(),
  ip: v.optional(v.string()),
  wait_seconds: v.optional(v.number()),
  /** A refusal's code, for scripts (the change-IP link and reboots). */
  error: v.optional(v.string()),
  detail: v.optional(v.string()),
});
export type RotateAnswer = v.InferOutput<typeof RotateAnswerSchema>;

/**
 * The owner's page's "change IP now" and reboot (`POST /api/proxies/{id}/rotate/`, `/reboot/`) answer a RotateAnswer
 * and, with a done change, `available_at`: when the next one is allowed, so the page counts the cooldown down at
 * once instead of learning it from a refused second press (#49).
 */
export const ProxyRotateAnswerSchema = v.object({ ...RotateAnswerSchema.entries, available_at: v.optional(timestamp) });
export type ProxyRotateAnswer = v.InferOutput<typeof ProxyRotateAnswerSchema>;

export const ROTATION_SOURCES = ['link', 'customer', 'auto', 'staff'] as const;
export const ROTATION_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * What a history entry records: an IP change (`rotate`), a reboot of the modem, a move to another place (#29), or a
 * replacement with another modem of the same place (#49 item 9).
 */
export const HISTORY_KINDS = [...ROTATION_KINDS, 'move', 'replace'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * One IP change of the proxy's modem while the customer had it: old → new address, when, asked by what, and whether
 * it was a reconnect (`rotate`) or a reboot of the modem (`kind` absent from an API older than reboots: `rotate`), a
 * move of the proxy to another place (`move`, with `move` naming both places), or its replacement with another modem
 * of its place (`replace`).
 */
export const ProxyRotationSchema = v.object({
  /** Unique within its kind: a move and a rotation may share a number. */
  id: v.number(),
  kind: v.optional(v.picklist(HISTORY_KINDS), 'rotate'),
  source: v.picklist(ROTATION_SOURCES),
  status: v.picklist(ROTATION_STATUSES),
  old_ip: v.nullable(v.string()),
  new_ip: v.nullable(v.string()),
  requested_at: timestamp,
  finished_at: v.nullable(timestamp),
  /** A move's places (`kind` `move`): where the proxy was and where it went; absent for other kinds. */
  move: v.optional(
    v.object({
      from: v.object({
        country: v.string(),
        city: v.string(),
        city_ru: cityRu(),
        operator: v.string(),
        operator_ru: operatorRu(),
      }),
      to: v.object({
        country: v.string(),
        city: v.string(),
        city_ru: cityRu(),
        operator: v.string(),
        operator_ru: operatorRu(),
      }),
    }),
  ),
});
export type ProxyRotation = v.InferOutput<typeof ProxyRotationSchema>;

export const TRAFFIC_RANGES = ['24h', '7d'] as const;
export type TrafficRange = (typeof TRAFFIC_RANGES)[number];

/**
 * `GET /api/proxies/{id}/traffic/?range=24h|7d`: bytes in and out per hour (24 h) or per day (7 days), oldest first,
 * every bucket present (zeros where nothing went through), UTC bucket starts.
 */
export const TrafficSchema = v.object({
  range: v.picklist(TRAFFIC_RANGES),
  points: v.array(v.object({ at: timestamp, bytes_in: v.number(), bytes_out: v.number() })),
  total_in: v.number(),
  total_out: v.number(),
});
export type Traffic = v.InferOutput<typeof TrafficSchema>;

/** Renew proxies by hand (one or a selection), for a period of the price list, paid from the balance. */
export const RenewRequestSchema = v.object({
  ids: v.pipe(v.array(rowId()), v.minLength(1), v.maxLength(100)),
  period_days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)),
});
export type RenewRequest = v.InferOutput<typeof RenewRequestSchema>;

/**
 * `POST /api/proxies/renew/quote/` and `POST /api/proxies/renew/` (with an `Idempotency-Key`): each proxy's price
 * (its country's plan for the period), the total, and the balance after. Renewing extends from the current expiry
 * (or from now, for one already expired) and is one `renewal` ledger entry for the whole selection.
 */
export const RenewalSchema = v.object({
  period_days: v.number(),
  lines: v.array(v.object({ proxy_id: v.number(), price: v.number(), expires_at: timestamp })),
  total: v.number(),
  currency,
  balance: v.number(),
  balance_after: v.number(),
});
export type Renewal = v.InferOutput<typeof RenewalSchema>;

/** How a proxy was renewed: by its owner's hand (`POST /api/proxies/renew/`) or by the auto-renewal sweep. */
export const RENEWAL_SOURCES = ['hand', 'auto'] as const;
export type RenewalSource = (typeof RENEWAL_SOURCES)[number];

/**
 * `GET /api/panel/renewals/` (staff, `users.view_user`): every renewal of a proxy, when and how it was made, for how
 * long, at what price, and whose — the rows the panel home's renewals figure sums (#49).
 */
export const PanelRenewalRowSchema = v.object({
  id: v.number(),
  proxy_id: v.number(),
  source: v.picklist(RENEWAL_SOURCES),
  period_days: v.number(),
  price: v.number(),
  currency: v.picklist(CURRENCIES),
  /** The expiry the renewal gave the proxy. */
  expires_at: v.string(),
  renewed_at: v.string(),
  ...RowCustomerSchema.entries,
});
export type PanelRenewalRow = v.InferOutput<typeof PanelRenewalRowSchema>;

/** Newest first by default; the day renewed (whole UTC days, as the figure's windows), how; `?search=` by e-mail. */
export const PANEL_RENEWAL_LIST = defineList({
  orderings: ['renewed_at', 'price'],
  filters: { renewed: { type: 'date_range' }, source: { type: 'list', choices: RENEWAL_SOURCES } },
});
export type PanelRenewalListParams = ListParams<typeof PANEL_RENEWAL_LIST>;

// ---------------------------------------------------------------------------------------------------------------
// Export

export const EXPORT_FORMATS = ['plain', 'http', 'socks5'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type Connection = Pick<Proxy, 'host' | 'http_port' | 'socks_port' | 'login' | 'password'>;

/**
 * One proxy as a line a tool takes: `host:port:login:password` (the HTTP port), `http://login:password@host:port` or
 * `socks5://login:password@host:port`. Login and password are URL-encoded in the URL forms.
 */
export function connectionString(proxy: Connection, format: ExportFormat): string {
  if (format === 'plain') return `${proxy.host}:${proxy.http_port}:${proxy.login}:${proxy.password}`;
  const credentials = `${encodeURIComponent(proxy.login)}:${encodeURIComponent(proxy.password)}`;
  const port = format === 'http' ? proxy.http_port : proxy.socks_port;
  return `${format}://${credentials}@${hostInUrl(proxy.host)}:${port}`;
}

const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A file of the proxies: one connection string per line (txt), or a table with the parts and the string (csv). */
export function exportProxies(
  proxies: readonly (Connection & Pick<Proxy, 'id' | 'country' | 'operator' | 'comment' | 'expires_at'>)[],
  format: ExportFormat,
  file: 'txt' | 'csv',
): string {
  if (file === 'txt') return proxies.map((proxy) => `${connectionString(proxy, format)}\n`).join('');
  const header = [
    'id',
    'host',
    'http_port',
    'socks_port',
    'login',
    'password',
    'country',
    'operator',
    'expires_at',
    'comment',
    'proxy',
  ];
  const rows = proxies.map((proxy) =>
    [
      proxy.id,
      proxy.host,
      proxy.http_port,
      proxy.socks_port,
      proxy.login,
      proxy.password,
      proxy.country,
      proxy.operator,
      proxy.expires_at,
      // A comment is the customer's free text: a leading = + - @ would make a spreadsheet run it as a formula.
      /^[=+\-@\t\r]/.test(proxy.comment) ? `'${proxy.comment}` : proxy.comment,
      connectionString(proxy, format),
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
