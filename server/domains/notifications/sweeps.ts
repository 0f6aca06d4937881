/**
 * The events no request makes: found by sweeps of the jobs runner (`plugins/jobs.ts`), each claiming what it handles
 * atomically (an INSERT … ON CONFLICT, a DELETE … RETURNING or an UPDATE of rows locked `FOR UPDATE SKIP LOCKED`) in
 * the transaction that also writes the notifications, so two processes never notify one event twice — and if they
 * did reach it, the notifications' unique key would still write it once per channel.
 *
 * - a modem serving customers' proxies offline for longer than a grace, and back (`modems.offline_since`, as the
 *   staff alert of #33 reads it) — also one its agent last reported online on a host the API no longer hears from
 *   (#42), offline since the host was last heard;
 * - an auto-rotation that changed a proxy's IP (`rotations.notified`);
 * - a balance that fell below the customer's threshold: once per crossing, again only after it was back above.
 */
import type { Db, Queryable } from '../../db/db.ts';
import type { Job } from '../../plugins/jobs.ts';
import { hostSilentAt } from '../farm/index.ts';
import type { Notify } from './notify.ts';

/** An outage shorter than this (a modem rebooting, a blip) is not worth a message. */
export const OFFLINE_GRACE_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 60_000;
/** Settled notifications (sent, failed, skipped) are kept this long: the delivery log shows the last ones. */
export const KEEP_NOTIFICATIONS_MS = 30 * 24 * 3_600_000;
const BATCH = 100;

const iso = (value: Date | string) => new Date(value).toISOString();
const ms = (value: Date | string) => new Date(value).getTime();

/**
 * When the modem `m` on host `h` went offline as its customers see it, at `now` (`$n`): its own `offline_since`, or for
 * one last reported online on a silent host, when that host was last heard from (#42). Null while it is online.
 */
const offlineSince = (n: number) =>
  `CASE WHEN m.status = 'online' AND ${hostSilentAt('h', `$${n}::timestamptz`)} THEN h.last_seen_at
        ELSE m.offline_since END`;

/** The owners of the proxies a modem serves, with the proxy: one notice per proxy. */
const servedBy = (q: Queryable, modemId: number) =>
  q.query<{ id: number; owner_id: number }>(
    `SELECT id, owner_id FROM proxies WHERE modem_id = $1 AND state IN ('active', 'expiring') ORDER BY id`,
    [modemId],
  );

export function notificationSweeps(db: Db, notify: Notify): Job[] {
  async function outages(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // Claimed by the insert: a notice row exists once per outage, whichever process wrote it.
      // Two branches, each read through its own condition: modems reported offline, and the reported-online modems
      // of silent hosts (a handful of hosts, then their modems by host).
      const down = await tx.query<{ modem_id: number; offline_since: Date | string }>(
        `INSERT INTO modem_outage_notices (modem_id, offline_since)
         SELECT d.id, d.since FROM (
           SELECT m.id, m.offline_since AS since FROM modems m
            WHERE m.status = 'offline' AND m.offline_since <= $1
           UNION ALL
           SELECT m.id, h.last_seen_at FROM agent_hosts h JOIN modems m ON m.host_id = h.id
            WHERE ${hostSilentAt('h', '$3::timestamptz')} AND h.last_seen_at <= $1 AND m.status = 'online') d
          WHERE EXISTS (SELECT 1 FROM proxies p WHERE p.modem_id = d.id AND p.state IN ('active', 'expiring'))
          ORDER BY d.id LIMIT $2
         ON CONFLICT (modem_id) DO NOTHING
         RETURNING modem_id, offline_since`,
        [new Date(now.getTime() - OFFLINE_GRACE_MS), BATCH, now],
      );
      for (const outage of down) {
        for (const proxy of await servedBy(tx, outage.modem_id)) {
          await notify(
            tx,
            proxy.owner_id,
            'modem_offline',
            { offline_since: iso(outage.offline_since) },
            { key: `modem_offline:${proxy.id}:${ms(outage.offline_since)}`, at: now, proxyId: proxy.id },
          );
        }
      }
      // Back: the modem's outage is over (or another began, so this one ended) — for a silent host's modem, its agent
      // is heard from again. Claimed by the delete.
      const up = await tx.query<{ modem_id: number; offline_since: Date | string }>(
        `DELETE FROM modem_outage_notices n USING modems m JOIN agent_hosts h ON h.id = m.host_id
          WHERE m.id = n.modem_id AND ${offlineSince(1)} IS DISTINCT FROM n.offline_since
         RETURNING n.modem_id, n.offline_since`,
        [now],
      );
      for (const outage of up) {
        for (const proxy of await servedBy(tx, outage.modem_id)) {
          await notify(
            tx,
            proxy.owner_id,
            'modem_online',
            { offline_since: iso(outage.offline_since), online_at: now.toISOString() },
            { key: `modem_online:${proxy.id}:${ms(outage.offline_since)}`, at: now, proxyId: proxy.id },
          );
        }
      }
      return down.length + up.length;
    });
  }

  async function rotations(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const finished = await tx.query<{
        id: number;
        proxy_id: number | null;
        status: string;
        old_ip: string | null;
        new_ip: string | null;
        finished_at: Date | string | null;
      }>(
        `SELECT id::int AS id, proxy_id, status, old_ip, new_ip, finished_at FROM rotations
          WHERE source = 'auto' AND NOT notified AND status <> 'pending'
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (finished.length === 0) return 0;
      await tx.query('UPDATE rotations SET notified = true WHERE id = ANY($1::bigint[])', [
        finished.map((rotation) => rotation.id),
      ]);
      for (const rotation of finished) {
        if (rotation.status !== 'done' || rotation.proxy_id === null || !rotation.new_ip) continue;
        if (rotation.new_ip === rotation.old_ip) continue;
        const [proxy] = await tx.query<{ owner_id: number }>(
          `SELECT owner_id FROM proxies WHERE id = $1 AND state IN ('active', 'expiring')`,
          [rotation.proxy_id],
        );
        if (!proxy) continue;
        await notify(
          tx,
          proxy.owner_id,
          'ip_rotated',
          {
            old_ip: rotation.old_ip,
            new_ip: rotation.new_ip,
            rotated_at: rotation.finished_at === null ? now.toISOString() : iso(rotation.finished_at),
          },
          { key: `ip_rotated:${rotation.id}`, at: now, proxyId: rotation.proxy_id },
        );
      }
      return finished.length;
    });
  }

  async function balances(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const crossed = await tx.query<{ user_id: number; balance: number; threshold: number; crossings: number }>(
        `UPDATE notification_settings s
            SET balance_low_notified = true, balance_low_crossings = s.balance_low_crossings + 1
           FROM users u
          WHERE s.user_id IN (
                  SELECT c.user_id FROM notification_settings c JOIN users b ON b.id = c.user_id
                   WHERE c.balance_low_threshold IS NOT NULL AND NOT c.balance_low_notified
                     AND b.balance < c.balance_low_threshold
                   ORDER BY c.user_id LIMIT $1 FOR UPDATE OF c SKIP LOCKED)
            AND u.id = s.user_id AND NOT s.balance_low_notified
         RETURNING s.user_id, u.balance::bigint AS balance, s.balance_low_threshold AS threshold,
                   s.balance_low_crossings AS crossings`,
        [BATCH],
      );
      for (const row of crossed) {
        await notify(
          tx,
          row.user_id,
          'balance_low',
          { balance: Number(row.balance), threshold: Number(row.threshold) },
          { key: `balance_low:${row.crossings}`, at: now },
        );
      }
      // Back at or above the threshold: the next fall is a new crossing.
      const rearmed = await tx.query<{ user_id: number }>(
        `UPDATE notification_settings s SET balance_low_notified = false
           FROM users u
          WHERE u.id = s.user_id AND s.balance_low_notified
            AND (s.balance_low_threshold IS NULL OR u.balance >= s.balance_low_threshold)
         RETURNING s.user_id`,
      );
      return crossed.length + rearmed.length;
    });
  }

  /** Deletes settled rows past the keeping time; the event keys of a month ago can no longer recur. */
  async function prune(now: Date): Promise<number> {
    const deleted = await db.query<{ id: number }>(
      `DELETE FROM notifications WHERE status <> 'queued' AND created_at < $1 RETURNING id::int AS id`,
      [new Date(now.getTime() - KEEP_NOTIFICATIONS_MS)],
    );
    return deleted.length;
  }

  return [
    { name: 'notifications.prune', everyMs: 3_600_000, run: prune },
    { name: 'notifications.outages', everyMs: SWEEP_EVERY_MS, run: outages },
    { name: 'notifications.rotations', everyMs: SWEEP_EVERY_MS, run: rotations },
    { name: 'notifications.balance', everyMs: SWEEP_EVERY_MS, run: balances },
  ];
}
