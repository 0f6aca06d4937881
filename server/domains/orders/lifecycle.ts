/**
 * A proxy's life after the order (docs/product.md "Proxies", "Scheduled work"), as jobs of the runner
 * (`plugins/jobs.ts`): auto-renewal, suspension at expiry, release after the hold, reminders and auto-rotation.
 *
 * Each is a sweep: a transaction claims up to `BATCH` due proxies (`FOR NO KEY UPDATE SKIP LOCKED`, so another
 * process's sweep passes over them), does the work and, in the same transaction, writes what makes each row no longer
 * due (a later expiry, a new state, the expiry a reminder was sent for, the next retry); mails are queued in the
 * outbox in that transaction too. Due is decided with the `now` the runner passes, never SQL's now(), so tests move
 * time and a sweep after downtime catches up on everything that fell due. server/README.md "Scheduled work" has the
 * exactly-once argument.
 */
import type { Currency } from '@proxy/contract/money';
import { SERVED_PROXY_STATES } from '@proxy/contract/schemas/farm-agent';
import type { Db, Queryable } from '../../db/db.ts';
import type { Job } from '../../plugins/jobs.ts';
import type { MailKind } from '../../plugins/mailer.ts';
import type { EmailContent } from '../../lib/email-template.ts';
import { ledgerRepository } from '../billing/index.ts';
import type { Notify } from '../notifications/index.ts';
import {
  claimAutoRotations,
  claimDueProxies,
  extendProxies,
  lockHosts,
  markReminded,
  markRenewalFailed,
  releaseProxies,
  requestAutoRotation,
  suspendProxies,
  type Due,
  type DueProxy,
} from '../farm/index.ts';
import {
  reminderEmail,
  renewalFailedEmail,
  renewedEmail,
  suspendedEmail,
  type ProxyMailContext,
} from './lifecycle-emails.ts';
import { renewalLine } from './orders-service.ts';
import { readPriceList, renewalPeriod } from './price-list.ts';
import { renewalsRepository } from './renewals-repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Auto-renewal happens this long before expiry (at most half the proxy's period): a customer whose balance falls
 * short gets the "renewal failed" mail a day ahead, time to top up before the proxy stops.
 */
export const RENEW_LEAD_MS = DAY_MS;
/** A suspended proxy is held this long after its expiry, then released (docs/product.md). */
export const HOLD_MS = 3 * DAY_MS;
/** An auto-renewal the balance did not cover is tried again this much later (the customer may have topped up). */
export const RENEW_RETRY_MS = HOUR_MS;
/** The reminders before expiry. */
export const REMIND_FAR_MS = 3 * DAY_MS;
export const REMIND_NEAR_MS = DAY_MS;
/** Proxies claimed per transaction. */
export const BATCH = 50;

export interface LifecycleOptions {
  readonly currency: Currency;
  readonly publicUrl: string;
  readonly siteName: string;
  /**
   * Notifies the owner on the channels they chose (#30), inside the caller's transaction: the e-mail channel queues
   * the bespoke mail below in the outbox.
   */
  readonly notify: Notify;
}

/** The notification events of a proxy's life (#30), and the mail each sent before notifications had channels. */
type LifecycleEvent = 'proxy_expiring' | 'proxy_renewed' | 'proxy_renewal_failed' | 'proxy_suspended';
const MAIL_KIND: Readonly<Record<LifecycleEvent, MailKind>> = {
  proxy_expiring: 'proxy_reminder',
  proxy_renewed: 'proxy_renewed',
  proxy_renewal_failed: 'proxy_renewal_failed',
  proxy_suspended: 'proxy_suspended',
};

/** Locks the owners' account rows in id order (after the proxies and hosts: the one lock order) with their balances. */
async function lockBalances(tx: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await tx.query<{ id: number; balance: number }>(
    'SELECT id, balance FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.id, row.balance]));
}

export function lifecycleJobs(db: Db, options: LifecycleOptions): Job[] {
  const { currency } = options;

  /**
   * The owner told of `event` about `proxy`, once per `key` and channel; the e-mail is the event's bespoke mail in
   * the owner's language (the payload carries `data` for the other channels).
   */
  const tell = (
    q: Queryable,
    proxy: DueProxy,
    event: LifecycleEvent,
    now: Date,
    key: string,
    data: Record<string, unknown>,
    content: (c: ProxyMailContext) => EmailContent,
  ) =>
    options.notify(q, proxy.ownerId, event, data, {
      key: `${event}:${proxy.id}:${key}`,
      at: now,
      proxyId: proxy.id,
      email: {
        kind: MAIL_KIND[event],
        content: (language) =>
          content({ language, publicUrl: options.publicUrl, siteName: options.siteName, proxyId: proxy.id, currency }),
      },
    });

  /**
   * Batches until nothing is due: each claims and handles its rows in one transaction. Rows handled but left due (a
   * rotation its modem refused meanwhile) are skipped by the later batches of this sweep, so it always ends.
   */
  async function sweep<Row extends { readonly id: number }>(
    claim: (tx: Queryable, skip: readonly number[]) => Promise<Row[]>,
    handle: (tx: Queryable, rows: readonly Row[]) => Promise<void>,
  ): Promise<number> {
    const skip: number[] = [];
    for (;;) {
      const ids = await db.transaction(async (tx) => {
        const rows = await claim(tx, skip);
        if (rows.length > 0) await handle(tx, rows);
        return rows.map((row) => row.id);
      });
      skip.push(...ids);
      if (ids.length < BATCH) return skip.length;
    }
  }

  const sweepDue = (due: Due, now: Date, handle: (tx: Queryable, rows: readonly DueProxy[]) => Promise<void>) =>
    sweep((tx, skip) => claimDueProxies(tx, due, now, skip, BATCH), handle);

  /**
   * Renews what the balances cover, in id order; the rest get one mail per expiry and a retry. Locks: the proxies
   * (claimed), the hosts of suspended ones (a renewal serves them again), then the owners' accounts: the order every
   * writer keeps. The balance is checked on the locked row before posting, so a posting never fails (a failed
   * statement would abort the whole batch on PostgreSQL).
   */
  async function renew(tx: Queryable, proxies: readonly DueProxy[], now: Date): Promise<void> {
    const prices = await readPriceList(tx, currency);
    await lockHosts(
      tx,
      proxies.filter((proxy) => !SERVED_PROXY_STATES.includes(proxy.state)).map((proxy) => proxy.hostId),
    );
    const balances = await lockBalances(
      tx,
      proxies.map((proxy) => proxy.ownerId),
    );
    const ledger = ledgerRepository(tx);
    const renewals = renewalsRepository(tx);
    const retryAt = new Date(now.getTime() + RENEW_RETRY_MS);
    for (const proxy of proxies) {
      const period = renewalPeriod(prices, proxy.periodDays, proxy.country);
      const line = period === null ? null : renewalLine(prices, proxy, period, now.getTime());
      // Nothing prices its country any more: nobody can be told an amount; the suspension mail at expiry speaks.
      if (!line) {
        await markRenewalFailed(tx, proxy, retryAt);
        continue;
      }
      const balance = balances.get(proxy.ownerId) ?? 0;
      if (balance < line.price) {
        if (proxy.renewalFailedFor?.getTime() !== proxy.expiresAt.getTime()) {
          await tell(
            tx,
            proxy,
            'proxy_renewal_failed',
            now,
            String(proxy.expiresAt.getTime()),
            { missing: line.price - balance, price: line.price, expires_at: proxy.expiresAt.toISOString() },
            (c) => renewalFailedEmail(c, line.price - balance, line.price, proxy.expiresAt),
          );
        }
        await markRenewalFailed(tx, proxy, retryAt);
        continue;
      }
      await extendProxies(tx, [line]);
      // A ledger entry cannot be of 0: a free plan renews without one.
      if (line.price > 0) {
        await ledger.post({
          userId: proxy.ownerId,
          kind: 'renewal',
          amount: -line.price,
          currency,
          reference: `autorenew:${proxy.id}:${proxy.expiresAt.getTime()}`,
          data: { proxy_id: proxy.id, period_days: line.periodDays, auto: true },
        });
      }
      await renewals.record(
        [
          {
            proxyId: proxy.id,
            userId: proxy.ownerId,
            periodDays: line.periodDays,
            price: line.price,
            expiresAt: line.expiresAt,
          },
        ],
        { source: 'auto', currency, at: now },
      );
      balances.set(proxy.ownerId, balance - line.price);
      await tell(
        tx,
        proxy,
        'proxy_renewed',
        now,
        String(line.expiresAt.getTime()),
        { price: line.price, expires_at: line.expiresAt.toISOString() },
        (c) => renewedEmail(c, line.price, line.expiresAt),
      );
    }
  }

  /**
   * Past expiry: a paid proxy is suspended and held for its owner to renew; a free trial's is released at once (#43),
   * its modem back in stock the moment the trial ends (its taker knew the end from the start, and a 3-day hold kept
   * stock from paying customers). Both kinds' hosts are locked in id order first, as every writer of several hosts does.
   */
  async function suspend(tx: Queryable, proxies: readonly DueProxy[], now: Date): Promise<void> {
    await lockHosts(
      tx,
      proxies.map((proxy) => proxy.hostId),
    );
    const trials = proxies.filter((proxy) => proxy.trial);
    const paid = proxies.filter((proxy) => !proxy.trial);
    if (trials.length > 0) await releaseProxies(tx, trials, now);
    if (paid.length === 0) return;
    await suspendProxies(tx, paid);
    for (const proxy of paid) {
      const releaseAt = new Date(proxy.expiresAt.getTime() + HOLD_MS);
      await tell(
        tx,
        proxy,
        'proxy_suspended',
        now,
        String(proxy.expiresAt.getTime()),
        { expires_at: proxy.expiresAt.toISOString(), release_at: releaseAt.toISOString() },
        (c) => suspendedEmail(c, releaseAt),
      );
    }
  }

  /** The nearer reminder only: a proxy that crossed both thresholds while nothing ran gets the 1-day one. */
  async function remind(tx: Queryable, proxies: readonly DueProxy[], now: Date): Promise<void> {
    for (const proxy of proxies) {
      const near = proxy.expiresAt.getTime() - REMIND_NEAR_MS <= now.getTime();
      await tell(
        tx,
        proxy,
        'proxy_expiring',
        now,
        `${proxy.expiresAt.getTime()}:${near ? 'near' : 'far'}`,
        { expires_at: proxy.expiresAt.toISOString() },
        (c) => reminderEmail(c, proxy.expiresAt),
      );
      await markReminded(tx, proxy, near ? 'near' : 'far');
    }
  }

  /** Hosts are bumped in id order (the order every writer of several hosts keeps), so the batch goes host by host. */
  async function rotate(tx: Queryable, proxies: readonly { id: number; hostId: number }[], now: Date) {
    const byHost = [...proxies].sort((a, b) => a.hostId - b.hostId || a.id - b.id);
    for (const proxy of byHost) await requestAutoRotation(tx, proxy.id, now);
  }

  return [
    {
      name: 'proxies.renew',
      everyMs: 60_000,
      run: (now) =>
        sweepDue({ kind: 'renew', leadMs: RENEW_LEAD_MS, holdMs: HOLD_MS }, now, (tx, rows) => renew(tx, rows, now)),
    },
    {
      name: 'proxies.suspend',
      // An expired proxy is served until this runs: every 10 s keeps that within the minute it lapsed (an index scan).
      everyMs: 10_000,
      run: (now) => sweepDue({ kind: 'suspend' }, now, (tx, rows) => suspend(tx, rows, now)),
    },
    {
      name: 'proxies.release',
      everyMs: 5 * 60_000,
      run: (now) => sweepDue({ kind: 'release', holdMs: HOLD_MS }, now, (tx, rows) => releaseProxies(tx, rows, now)),
    },
    {
      name: 'proxies.remind',
      everyMs: 5 * 60_000,
      run: (now) =>
        sweepDue({ kind: 'remind', farMs: REMIND_FAR_MS, nearMs: REMIND_NEAR_MS }, now, (tx, rows) =>
          remind(tx, rows, now),
        ),
    },
    {
      name: 'proxies.auto_rotate',
      everyMs: 30_000,
      run: (now) =>
        sweep(
          (tx, skip) => claimAutoRotations(tx, now, skip, BATCH),
          (tx, rows) => rotate(tx, rows, now),
        ),
    },
  ];
}
