import * as v from 'valibot';
import { CURRENCIES } from '../money.ts';
import {
  FARM_SECTION_ACCESS,
  hasPermission,
  INVOICE_PERMISSIONS,
  SYSTEM_PERMISSIONS,
  USER_PERMISSIONS,
  type PermissionSubject,
} from '../permissions.ts';
import { cityRu, operatorRu } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * The panel's home as an operations dashboard (#33): four widgets, each read from `GET /api/panel/dashboard/{widget}/`
 * and shown only to staff whose permissions cover its data (the API refuses the others, 403). Every figure carries
 * the panel address of the filtered list behind it (`link`: a panel path with its query, without the language
 * prefix), so the number and the list it counts cannot drift apart.
 */

/** The machinery widget's permission (`SYSTEM_PERMISSIONS` in the contract's permissions). */
export const SYSTEM_HEALTH_PERMISSION = SYSTEM_PERMISSIONS.viewHealth;

export const DASHBOARD_WIDGETS = ['money', 'sales', 'farm', 'machinery'] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** Who sees each widget: money needs the invoices (payment rights), sales the customers, the farm its section. */
export const DASHBOARD_WIDGET_PERMISSIONS: Readonly<Record<DashboardWidget, string>> = {
  money: INVOICE_PERMISSIONS.view,
  sales: USER_PERMISSIONS.view,
  farm: FARM_SECTION_ACCESS,
  machinery: SYSTEM_HEALTH_PERMISSION,
};

export const visibleWidgets = (user: PermissionSubject | null | undefined): DashboardWidget[] =>
  DASHBOARD_WIDGETS.filter((widget) => hasPermission(user, DASHBOARD_WIDGET_PERMISSIONS[widget]));

/** A number and the list it counts. */
export const FigureSchema = v.object({ value: v.number(), link: v.string() });
export type Figure = v.InferOutput<typeof FigureSchema>;

/** A figure over today (since midnight UTC), the last 7 and the last 30 days (today included). */
export const PeriodFiguresSchema = v.object({ today: FigureSchema, days7: FigureSchema, days30: FigureSchema });
export type PeriodFigures = v.InferOutput<typeof PeriodFiguresSchema>;

/** The last 30 days (UTC, `YYYY-MM-DD`, oldest first). */
const days = v.array(v.string());
/** One value per day of `days`. */
const series = v.array(v.number());

/** Money in minor units of the site's currency. */
export const MoneyWidgetSchema = v.object({
  currency: v.picklist(CURRENCIES),
  topups: PeriodFiguresSchema,
  purchases: PeriodFiguresSchema,
  renewals: PeriodFiguresSchema,
  daily: v.object({ days, topups: series, purchases: series, renewals: series }),
  open_invoices: v.object({ count: FigureSchema, total: v.number() }),
  balance_total: FigureSchema,
});
export type MoneyWidget = v.InferOutput<typeof MoneyWidgetSchema>;

export const SalesWidgetSchema = v.object({
  orders: PeriodFiguresSchema,
  proxies_sold: PeriodFiguresSchema,
  daily: v.object({ days, orders: series, proxies: series }),
  active_proxies: FigureSchema,
  /** Served proxies whose term ends within 3 days, with and without auto-renew. */
  expiring_auto: FigureSchema,
  expiring_manual: FigureSchema,
  /** Served proxies whose auto-renewal of the current term failed for lack of balance. */
  renewal_failed: FigureSchema,
});
export type SalesWidget = v.InferOutput<typeof SalesWidgetSchema>;

export const FarmHostLineSchema = v.object({
  id: v.number(),
  name: v.string(),
  online: FigureSchema,
  offline: FigureSchema,
  maintenance: FigureSchema,
  /** When its agent last asked or reported; null: never. */
  last_seen_at: v.nullable(v.string()),
  /** Configuration versions the agent is behind (0: current); null: it never fetched one. */
  config_lag: v.nullable(v.number()),
  link: v.string(),
});
export type FarmHostLine = v.InferOutput<typeof FarmHostLineSchema>;

export const FarmWidgetSchema = v.object({
  hosts: v.array(FarmHostLineSchema),
  /** Free modems per place: the order page's figure (places with none free are listed with 0). */
  stock: v.array(
    v.object({
      country: v.string(),
      city: v.string(),
      city_ru: cityRu(),
      operator: v.string(),
      operator_ru: operatorRu(),
      free: v.number(),
      link: v.string(),
    }),
  ),
  rotations_hour: FigureSchema,
  rotations_failed_hour: FigureSchema,
  /** The last 24 hours (ISO hour starts, oldest first): rotations done and failed per hour. */
  hourly: v.object({ hours: v.array(v.string()), done: v.array(v.number()), failed: v.array(v.number()) }),
});
export type FarmWidget = v.InferOutput<typeof FarmWidgetSchema>;

export const MachineryWidgetSchema = v.object({
  outbox_queued: FigureSchema,
  outbox_failed_day: FigureSchema,
  jobs_lagging: FigureSchema,
  jobs_failing: FigureSchema,
  jobs: v.array(
    v.object({
      name: v.string(),
      last_ok_at: v.nullable(v.string()),
      failures: v.number(),
      lagging: v.boolean(),
    }),
  ),
  webhooks_refused_day: FigureSchema,
});
export type MachineryWidget = v.InferOutput<typeof MachineryWidgetSchema>;

export const DASHBOARD_WIDGET_SCHEMAS = {
  money: MoneyWidgetSchema,
  sales: SalesWidgetSchema,
  farm: FarmWidgetSchema,
  machinery: MachineryWidgetSchema,
} as const;

export interface DashboardWidgets {
  readonly money: MoneyWidget;
  readonly sales: SalesWidget;
  readonly farm: FarmWidget;
  readonly machinery: MachineryWidget;
}

// ---------------------------------------------------------------------------------------------------------------
// Alerts

/**
 * What staff may be alerted about, each with its threshold's meaning: minutes an agent has been silent, minutes a
 * modem carrying proxies has been offline, free modems a place has at most, mails queued over, webhooks refused in
 * the last hour at least, runs in a row a job failed, minutes a payment method's rate provider has been answering
 * rates too far from the accepted one (refused by the rates job, #43).
 */
export const ALERT_KINDS = [
  'agent_silent',
  'modem_offline',
  'place_sold_out',
  'outbox_backlog',
  'webhook_refused',
  'job_failing',
  'rate_refused',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_DEFAULT_THRESHOLDS: Readonly<Record<AlertKind, number>> = {
  agent_silent: 5,
  modem_offline: 5,
  place_sold_out: 0,
  outbox_backlog: 100,
  webhook_refused: 5,
  job_failing: 3,
  rate_refused: 0,
};

/** The widget whose data an alert is about: its permission lets staff subscribe to it and read its incidents. */
export const ALERT_WIDGET: Readonly<Record<AlertKind, DashboardWidget>> = {
  agent_silent: 'farm',
  modem_offline: 'farm',
  place_sold_out: 'farm',
  outbox_backlog: 'machinery',
  webhook_refused: 'machinery',
  job_failing: 'machinery',
  rate_refused: 'money',
};

export const alertKindsFor = (user: PermissionSubject | null | undefined): AlertKind[] =>
  ALERT_KINDS.filter((kind) => hasPermission(user, DASHBOARD_WIDGET_PERMISSIONS[ALERT_WIDGET[kind]]));

/** `GET /api/panel/alerts/settings/`: the kinds this staff member may follow, their thresholds and their choice. */
export const AlertSettingSchema = v.object({
  kind: v.picklist(ALERT_KINDS),
  threshold: v.number(),
  /** By e-mail. */
  subscribed: v.boolean(),
  /** By the Telegram bot (#30), to the member's linked chat; absent from a server before it. */
  telegram: v.optional(v.boolean(), false),
});
export type AlertSetting = v.InferOutput<typeof AlertSettingSchema>;

/** `PATCH /api/panel/alerts/settings/{kind}/`: the threshold (for everyone) and/or one's own e-mail subscription. */
export const AlertSettingInputSchema = v.object({
  threshold: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))),
  subscribed: v.optional(v.boolean()),
  telegram: v.optional(v.boolean()),
});
export type AlertSettingInput = v.InferOutput<typeof AlertSettingInputSchema>;

export const AlertIncidentSchema = v.object({
  id: v.number(),
  kind: v.picklist(ALERT_KINDS),
  /** What it is about, as the mail named it (a host's name, a modem, a place, a job). */
  label: v.string(),
  /** The figure that crossed the threshold when it opened. */
  value: v.number(),
  threshold: v.number(),
  opened_at: v.string(),
  resolved_at: v.nullable(v.string()),
  /** How many staff were mailed when it opened. */
  notified: v.number(),
});
export type AlertIncident = v.InferOutput<typeof AlertIncidentSchema>;

/** The history: `?kind=` any of the kinds, `?open=true|false`, newest first. */
export const ALERT_INCIDENT_LIST = defineList({
  orderings: ['opened_at'],
  filters: { kind: { type: 'list', choices: ALERT_KINDS }, open: { type: 'list', choices: ['true', 'false'] } },
});
export type AlertIncidentListParams = ListParams<typeof ALERT_INCIDENT_LIST>;
