/**
 * Staff alerts (#33): the `alerts.check` job finds what is wrong now (each firing condition a kind and a subject: a
 * host, a modem, a place, the outbox, the webhooks, a job, a payment method), opens an incident for a condition that
 * has none open and closes the open incidents whose condition no longer holds, mailing the staff who follow the kind
 * once per opening and once per closing — never while it lasts — and/or messaging them through the Telegram bot, as
 * each chose.
 *
 * Exactly once with several API processes: a check runs in one transaction that first takes a transaction-level
 * advisory lock, so two processes' checks run one after the other, and the second reads (read committed: each
 * statement sees what committed before it) the incidents the first opened or closed. The partial unique index on open
 * incidents backs it up: an opening that would duplicate one does nothing (`ON CONFLICT DO NOTHING`), and only the
 * statement that actually closed an incident (`RETURNING`) mails its recovery. The mails (and the bot's messages, in
 * `telegram_outbox`) are outbox rows written in that transaction: they exist if and only if the incident's change
 * committed.
 */
import {
  ALERT_DEFAULT_THRESHOLDS,
  ALERT_KINDS,
  ALERT_WIDGET,
  DASHBOARD_WIDGET_PERMISSIONS,
  type AlertIncident,
  type AlertKind,
  type AlertSetting,
} from '@proxy/contract/schemas/dashboard';
import type { Language } from '@proxy/contract/languages';
import { hasPermission } from '@proxy/contract/permissions';
import type { Db, Queryable } from '../../db/db.ts';
import type { EmailContent } from '../../lib/email-template.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { freeStock, hostHeardAt, hostSilentAt } from '../farm/index.ts';
import { enqueueTelegram } from '../notifications/index.ts';
import { alertOpenedEmail, alertOpenedTelegram, alertResolvedEmail, alertResolvedTelegram } from './alert-emails.ts';

const MINUTE_MS = 60_000;
/** Any constant of this app's own: the key of the advisory lock the checks take in turn. */
const CHECK_LOCK_KEY = 330_033;

export interface Firing {
  readonly kind: AlertKind;
  readonly subject: string;
  readonly label: string;
  readonly value: number;
}

export interface AlertsServiceOptions {
  readonly mailer: Pick<Mailer, 'enqueue'>;
  readonly publicUrl: string;
  readonly siteName: string;
}

async function thresholds(q: Queryable): Promise<Record<AlertKind, number>> {
  const rows = await q.query<{ kind: AlertKind; threshold: number }>('SELECT kind, threshold FROM alert_settings');
  return { ...ALERT_DEFAULT_THRESHOLDS, ...Object.fromEntries(rows.map((row) => [row.kind, row.threshold])) };
}

const minutesSince = (at: Date | string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / MINUTE_MS));

/** Every condition that holds at `now` under the thresholds. */
export async function firingConditions(q: Queryable, now: Date, limits: Record<AlertKind, number>): Promise<Firing[]> {
  const before = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS);
  // One statement after another: `q` is the check's transaction, one connection.
  // Silent past AGENT_SILENT_SECONDS (its modems are offline from then, #42) and for the threshold's minutes. A host
  // whose agent never connected is not silent: it has not started yet.
  const silent = await q.query<{ id: number; name: string; last_seen_at: Date | string }>(
    `SELECT h.id, h.name, h.last_seen_at FROM agent_hosts h
      WHERE ${hostSilentAt('h', '$2::timestamptz')} AND h.last_seen_at <= $1 ORDER BY h.id`,
    [before(limits.agent_silent), now],
  );
  // A silent host's modems are folded into its one `agent_silent` incident (#42): a dead host with forty modems is
  // one alert, not forty-one, and its places are not "sold out" but on it.
  const offline = await q.query<{ id: number; name: string; host: string; offline_since: Date | string }>(
    `SELECT m.id, m.name, h.name AS host, m.offline_since
         FROM modems m JOIN agent_hosts h ON h.id = m.host_id
        WHERE m.status = 'offline' AND m.offline_since <= $1 AND ${hostHeardAt('h', '$2::timestamptz')}
          AND EXISTS (SELECT 1 FROM proxies p WHERE p.modem_id = m.id AND p.state IN ('active', 'expiring'))
        ORDER BY m.id`,
    [before(limits.modem_offline), now],
  );
  // A place is sold out when the modems that work there are all taken: it has stock to sell and none is left. A place
  // without a working modem has had nothing to sell out of — a new host before its agent's first report (never heard
  // from counts as not silent), every demo start's places until the simulator says its modems are online (#49: six
  // false "sold out" alerts at each start, resolved a minute later) — and a modem that stops is `modem_offline`'s.
  const places = await q.query<{ country: string; city: string; operator: string }>(
    `SELECT DISTINCT m.country, m.city, m.operator FROM modems m JOIN agent_hosts h ON h.id = m.host_id
      WHERE m.status = 'online' AND ${hostHeardAt('h', '$1::timestamptz')}`,
    [now],
  );
  const free = await freeStock(q, now);
  const [outbox] = await q.query<{ queued: number }>(
    `SELECT count(*)::int AS queued FROM outbox WHERE status = 'queued'`,
  );
  const [webhooks] = await q.query<{ refused: number }>(
    'SELECT count(*)::int AS refused FROM webhook_refusals WHERE received_at > $1',
    [before(60)],
  );
  const jobs = await q.query<{ name: string; failures: number }>(
    'SELECT name, failures FROM job_runs WHERE failures >= $1 AND failures > 0 ORDER BY name',
    [limits.job_failing],
  );
  // A method the rates job can no longer price (its provider answers implausible rates) while it still reads one.
  const refusedRates = await q.query<{ id: number; code: string; name: string; since: Date | string }>(
    `SELECT id, code, COALESCE(NULLIF(name_en, ''), name_ru) AS name, rate_refused_since AS since
       FROM payment_methods
      WHERE active AND asset IS NOT NULL AND rate_source = 'provider' AND rate_refused_since <= $1
      ORDER BY id`,
    [before(limits.rate_refused)],
  );
  const freeAt = new Map(free.map((line) => [`${line.country}/${line.city}/${line.operator}`, line.free]));
  const firing: Firing[] = [
    ...silent.map((host) => ({
      kind: 'agent_silent' as const,
      subject: `host:${host.id}`,
      label: host.name,
      value: minutesSince(host.last_seen_at, now),
    })),
    ...offline.map((modem) => ({
      kind: 'modem_offline' as const,
      subject: `modem:${modem.id}`,
      label: `${modem.name} (${modem.host})`,
      value: minutesSince(modem.offline_since, now),
    })),
    ...places
      .map((place) => ({ place, free: freeAt.get(`${place.country}/${place.city}/${place.operator}`) ?? 0 }))
      .filter(({ free: count }) => count <= limits.place_sold_out)
      .map(({ place, free: count }) => ({
        kind: 'place_sold_out' as const,
        subject: `place:${place.country}/${place.city}/${place.operator}`,
        label: `${place.country}, ${place.city}, ${place.operator}`,
        value: count,
      })),
    ...jobs.map((job) => ({
      kind: 'job_failing' as const,
      subject: `job:${job.name}`,
      label: job.name,
      value: job.failures,
    })),
    ...refusedRates.map((method) => ({
      kind: 'rate_refused' as const,
      subject: `payment_method:${method.id}`,
      label: `${method.name} (${method.code})`,
      value: minutesSince(method.since, now),
    })),
  ];
  if ((outbox?.queued ?? 0) > limits.outbox_backlog) {
    firing.push({ kind: 'outbox_backlog', subject: 'outbox', label: 'outbox', value: outbox?.queued ?? 0 });
  }
  const refused = webhooks?.refused ?? 0;
  if (refused > 0 && refused >= limits.webhook_refused) {
    firing.push({ kind: 'webhook_refused', subject: 'webhooks', label: 'webhooks', value: refused });
  }
  // One order for every writer of incident rows.
  return firing.sort((a, b) => a.kind.localeCompare(b.kind) || a.subject.localeCompare(b.subject));
}

interface Recipient {
  id: number;
  email: string;
  language: Language;
  /** The channels the member chose for the kind (0132): e-mail, the Telegram bot, or both. */
  by_email: boolean;
  by_telegram: boolean;
}

/** The active staff following `kind` whose permissions (as they are now) still cover its data. */
async function recipients(q: Queryable, kind: AlertKind): Promise<Recipient[]> {
  const rows = await q.query<Recipient & { is_superuser: boolean; permissions: string[] }>(
    `SELECT u.id, u.email, u.language, u.is_superuser, u.permissions, s.email AS by_email, s.telegram AS by_telegram
       FROM alert_subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.kind = $1 AND u.is_active AND u.is_staff ORDER BY u.id`,
    [kind],
  );
  const permission = DASHBOARD_WIDGET_PERMISSIONS[ALERT_WIDGET[kind]];
  return rows.filter((row) =>
    hasPermission({ is_superuser: row.is_superuser, premission: row.permissions }, permission),
  );
}

interface IncidentRow {
  id: number;
  kind: AlertKind;
  subject: string;
  label: string;
  value: number;
  threshold: number;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  notified: number;
}

const present = (row: IncidentRow): AlertIncident => ({
  id: Number(row.id),
  kind: row.kind,
  label: row.label,
  value: row.value,
  threshold: row.threshold,
  opened_at: new Date(row.opened_at).toISOString(),
  resolved_at: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
  notified: row.notified,
});

/**
 * One recipient's alert, written in the check's transaction: the mail, and/or the bot's message (an outbox row the
 * `telegram.send` job sends; a member without a linked chat gets nothing there, and the row says so).
 */
async function alertPerson(
  q: Queryable,
  mailer: AlertsServiceOptions['mailer'],
  person: Recipient,
  content: EmailContent,
  telegramText: string,
): Promise<void> {
  if (person.by_email) {
    await mailer.enqueue(q, {
      kind: 'staff_alert',
      userId: person.id,
      to: person.email,
      language: person.language,
      content,
      secrets: [],
    });
  }
  if (person.by_telegram) await enqueueTelegram(q, person.id, telegramText);
}

export function alertsService(db: Db, options: AlertsServiceOptions) {
  const context = (language: Language) => ({ language, publicUrl: options.publicUrl, siteName: options.siteName });

  return {
    /** The job: opens and closes incidents at `now`, mailing their followers; answers how many changed. */
    check(now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [CHECK_LOCK_KEY]);
        const limits = await thresholds(tx);
        const firing = await firingConditions(tx, now, limits);
        let changed = 0;
        for (const condition of firing) {
          const threshold = limits[condition.kind];
          const [opened] = await tx.query<{ id: number }>(
            `INSERT INTO alert_incidents (kind, subject, label, value, threshold, opened_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (kind, subject) WHERE resolved_at IS NULL DO NOTHING RETURNING id`,
            [condition.kind, condition.subject, condition.label.slice(0, 300), condition.value, threshold, now],
          );
          if (!opened) continue;
          changed += 1;
          const people = await recipients(tx, condition.kind);
          for (const person of people) {
            const facts = { ...condition, threshold, at: now };
            const content = alertOpenedEmail(context(person.language), facts);
            const text = alertOpenedTelegram(context(person.language), facts);
            await alertPerson(tx, options.mailer, person, content, text);
          }
          await tx.query('UPDATE alert_incidents SET notified = $2 WHERE id = $1', [opened.id, people.length]);
        }
        const holding = new Set(firing.map((condition) => `${condition.kind}\n${condition.subject}`));
        const open = await tx.query<IncidentRow>(
          'SELECT * FROM alert_incidents WHERE resolved_at IS NULL ORDER BY id FOR UPDATE',
        );
        for (const incident of open.filter((row) => !holding.has(`${row.kind}\n${row.subject}`))) {
          const [closed] = await tx.query<{ id: number }>(
            'UPDATE alert_incidents SET resolved_at = $2 WHERE id = $1 AND resolved_at IS NULL RETURNING id',
            [incident.id, now],
          );
          if (!closed) continue;
          changed += 1;
          for (const person of await recipients(tx, incident.kind)) {
            const facts = {
              kind: incident.kind,
              label: incident.label,
              value: incident.value,
              threshold: incident.threshold,
              at: now,
              openedAt: new Date(incident.opened_at),
            };
            const content = alertResolvedEmail(context(person.language), facts);
            const text = alertResolvedTelegram(context(person.language), facts);
            await alertPerson(tx, options.mailer, person, content, text);
          }
        }
        return changed;
      });
    },

    /** The kinds `kinds` (those the staff member may follow) with their thresholds and the member's choice. */
    async settings(userId: number, kinds: readonly AlertKind[]): Promise<AlertSetting[]> {
      const [limits, subscribed] = await Promise.all([
        thresholds(db),
        db.query<{ kind: AlertKind; email: boolean; telegram: boolean }>(
          'SELECT kind, email, telegram FROM alert_subscriptions WHERE user_id = $1',
          [userId],
        ),
      ]);
      const mine = new Map(subscribed.map((row) => [row.kind, row]));
      return ALERT_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => ({
        kind,
        threshold: limits[kind],
        subscribed: mine.get(kind)?.email ?? false,
        telegram: mine.get(kind)?.telegram ?? false,
      }));
    },

    /** Sets the kind's threshold (for every follower) and/or the member's own subscription, in one transaction. */
    async update(
      userId: number,
      kind: AlertKind,
      changes: {
        readonly threshold?: number | undefined;
        readonly subscribed?: boolean | undefined;
        readonly telegram?: boolean | undefined;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (changes.threshold !== undefined) {
          await tx.query(
            `INSERT INTO alert_settings (kind, threshold, actor_id) VALUES ($1, $2, $3)
             ON CONFLICT (kind) DO UPDATE SET threshold = excluded.threshold, actor_id = excluded.actor_id,
                                              updated_at = now()`,
            [kind, changes.threshold, userId],
          );
        }
        if (changes.subscribed !== undefined || changes.telegram !== undefined) {
          // Each channel as asked and the other as it was; a kind followed by neither has no row.
          const [current] = await tx.query<{ email: boolean; telegram: boolean }>(
            'SELECT email, telegram FROM alert_subscriptions WHERE user_id = $1 AND kind = $2 FOR UPDATE',
            [userId, kind],
          );
          const email = changes.subscribed ?? current?.email ?? false;
          const telegram = changes.telegram ?? current?.telegram ?? false;
          if (!email && !telegram) {
            await tx.query('DELETE FROM alert_subscriptions WHERE user_id = $1 AND kind = $2', [userId, kind]);
          } else {
            await tx.query(
              `INSERT INTO alert_subscriptions (user_id, kind, email, telegram) VALUES ($1, $2, $3, $4)
               ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email, telegram = excluded.telegram`,
              [userId, kind, email, telegram],
            );
          }
        }
      });
    },

    /** The history of `kinds`, newest first: one page and the count. */
    async incidents(
      kinds: readonly AlertKind[],
      open: boolean | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: AlertIncident[]; count: number }> {
      const where = `kind = ANY($1::text[])${open === undefined ? '' : open ? ' AND resolved_at IS NULL' : ' AND resolved_at IS NOT NULL'}`;
      const [[total], rows] = await Promise.all([
        db.query<{ count: number }>(`SELECT count(*)::int AS count FROM alert_incidents WHERE ${where}`, [[...kinds]]),
        db.query<IncidentRow>(
          `SELECT * FROM alert_incidents WHERE ${where} ORDER BY opened_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [[...kinds], limit, offset],
        ),
      ]);
      return { rows: rows.map(present), count: total?.count ?? 0 };
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
