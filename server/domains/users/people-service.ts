/**
 * Staff changing an account (the panel's Users section), each change one transaction that locks, re-checks the rules
 * on the locked rows, writes, and records itself in `user_audit`.
 *
 * Locks keep the order every writer keeps (proxies → hosts → account): a block or an unblock locks the customer's
 * proxies and their hosts before the account row; an edit without one, and a balance adjustment, lock only the
 * account. An order or a renewal checks the account is still active under the account's lock, last (orders domain).
 */
import { createHash } from 'node:crypto';
import type { Currency } from '@proxy/contract/money';
import { hasPermission, USER_PERMISSIONS } from '@proxy/contract/permissions';
import type { PanelUserUpdate, UserAuditAction } from '@proxy/contract/schemas/users';
import type { Db, Queryable, SqlParam } from '../../db/db.ts';
import { IDEMPOTENCY_REFUSALS } from '../../lib/idempotency.ts';
import { Refusal } from '../../lib/refusal.ts';
import { tokensRepository, userAuditRepository, usersRepository, type User } from '../accounts/index.ts';
import { BILLING_REFUSALS, ledgerRepository } from '../billing/index.ts';
import { lockOwnerProxies, resumeOwnerProxies, suspendOwnerProxies } from '../farm/index.ts';
import { peopleRepository } from './people-repository.ts';
import { PEOPLE_REFUSALS } from './refusals.ts';

/** The stored column of each editable field (the contract's names are the API's). */
const COLUMNS: Readonly<Record<keyof PanelUserUpdate, string>> = {
  is_active: 'is_active',
  email_verified: 'email_verified',
  is_staff: 'is_staff',
  is_superuser: 'is_superuser',
  language: 'language',
  subscribed: 'subscribed',
  permissions: 'permissions',
};

const stored = (user: User): Record<keyof PanelUserUpdate, unknown> => ({
  is_active: user.isActive,
  email_verified: user.emailVerified,
  is_staff: user.isStaff,
  is_superuser: user.isSuperuser,
  language: user.language,
  subscribed: user.subscribed,
  permissions: [...user.permissions],
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Who may make a change, judged on the locked target: only a superuser touches a superuser's account or grants staff,
 * superuser, or a permission they lack themselves; nobody takes away their own superuser or blocks themselves.
 */
function judge(actor: User, target: User, changes: Partial<Record<keyof PanelUserUpdate, unknown>>): void {
  const superuser = actor.isSuperuser;
  if (target.isSuperuser && !superuser) throw PEOPLE_REFUSALS.forbidden();
  if ((changes.is_staff === true && !target.isStaff) || changes.is_superuser !== undefined) {
    if (!superuser) throw PEOPLE_REFUSALS.forbidden();
  }
  if (changes.permissions !== undefined && !superuser) {
    const held = new Set(actor.permissions);
    const granted = (changes.permissions as string[]).filter((name) => !target.permissions.includes(name));
    if (granted.some((name) => !held.has(name))) throw PEOPLE_REFUSALS.forbidden();
  }
  if (actor.id === target.id && changes.is_superuser === false) throw PEOPLE_REFUSALS.ownSuperuser();
  if (actor.id === target.id && changes.is_active === false) throw PEOPLE_REFUSALS.ownBlock();
}

/**
 * The target and the actor, both locked in id order (the order every writer of two accounts keeps): the actor as
 * they are now rather than as this request's session saw them, so a permission taken from them a moment ago no longer
 * grants anything (refused as forbidden); null when there is no target.
 */
async function lockTargetAndActor(
  tx: Queryable,
  id: number,
  actor: User,
  permission: string,
): Promise<{ target: User; actor: User } | null> {
  const users = usersRepository(tx);
  const [first, second] = actor.id < id ? [actor.id, id] : [id, actor.id];
  const locked = new Map<number, User | null>();
  locked.set(first, await users.lockById(first));
  if (second !== first) locked.set(second, await users.lockById(second));
  const current = locked.get(actor.id);
  const subject = current && { is_superuser: current.isSuperuser, premission: current.permissions };
  if (!current?.isActive || !current.isStaff || !hasPermission(subject, permission)) {
    throw PEOPLE_REFUSALS.forbidden();
  }
  const target = locked.get(id);
  return target ? { target, actor: current } : null;
}

export function peopleService(db: Db, options: { readonly currency: Currency; readonly now?: () => number }) {
  const now = () => new Date(options.now?.() ?? Date.now());

  /**
   * Applies `changes` to the target (already locked by the caller in the lock order), judged on the locked row;
   * an activity change blocks or unblocks in full. Records only what differs; answers whether the user exists.
   */
  async function apply(
    tx: Queryable,
    actor: User,
    id: number,
    changes: PanelUserUpdate,
    action: UserAuditAction,
    proxyIds: readonly number[],
    factor: string | undefined,
  ): Promise<boolean> {
    const locked = await lockTargetAndActor(tx, id, actor, USER_PERMISSIONS.change);
    if (!locked) return false;
    const { target } = locked;
    const before = stored(target);
    const differing = Object.fromEntries(
      Object.entries(changes).filter(([field, value]) => !same(before[field as keyof PanelUserUpdate], value)),
    ) as Partial<Record<keyof PanelUserUpdate, unknown>>;
    judge(locked.actor, target, differing);
    if (Object.keys(differing).length === 0) return true;
    const people = peopleRepository(tx, options.currency);
    await people.update(
      id,
      Object.fromEntries(
        Object.entries(differing).map(([field, value]) => [COLUMNS[field as keyof PanelUserUpdate], value as SqlParam]),
      ),
    );
    const extra: Record<string, unknown> = {};
    if (differing.is_active === false) {
      // Every login ends now: the token rows' triggers tell every process's session cache at commit.
      await tokensRepository(tx).deleteAllOf(id);
      extra.proxies_suspended = await suspendOwnerProxies(tx, proxyIds, now());
    } else if (differing.is_active === true) {
      extra.proxies_resumed = await resumeOwnerProxies(tx, proxyIds, now());
    }
    const recorded = Object.fromEntries(
      Object.keys(differing).map((field) => [
        field,
        [before[field as keyof PanelUserUpdate], differing[field as keyof PanelUserUpdate]],
      ]),
    );
    const activity = differing.is_active === undefined ? null : differing.is_active ? 'unblock' : 'block';
    await userAuditRepository(tx).record({
      userId: id,
      actorId: actor.id,
      action: action === 'update' && activity && Object.keys(differing).length === 1 ? activity : action,
      changes: { ...recorded, ...extra, ...(factor ? { step_up: factor } : {}) },
    });
    return true;
  }

  /**
   * Locks in the order every writer keeps; a change of activity also needs the customer's proxies and hosts, first.
   *
   * A block then runs a second transaction: an order that was placing proxies while the first one locked the others
   * commits before the block takes the account's lock (it holds that lock last), so its proxies are new to the
   * block. Suspending them in the first transaction would lock their hosts after the account, against the lock
   * order; the second locks them in order, and finds them as long as the account is still blocked. No order commits
   * after the block: each checks the account is active under that lock.
   */
  async function change(actor: User, id: number, changes: PanelUserUpdate, action: UserAuditAction, factor?: string) {
    const found = await db.transaction(async (tx) => {
      const proxyIds = changes.is_active === undefined ? [] : await lockOwnerProxies(tx, id);
      return apply(tx, actor, id, changes, action, proxyIds, factor);
    });
    if (found && changes.is_active === false) {
      await db.transaction(async (tx) => {
        const proxyIds = await lockOwnerProxies(tx, id);
        const [row] = await tx.query<{ is_active: boolean }>('SELECT is_active FROM users WHERE id = $1', [id]);
        if (row?.is_active === false) await suspendOwnerProxies(tx, proxyIds, now());
      });
    }
    return found;
  }

  /**
   * Reads for a search by a part of an address: served by the trigram index only when planned for its pattern, and
   * the generic plan a named statement gets after five runs knows no pattern and scans every account. So the reads
   * run in a transaction of their own with custom plans forced (`SET LOCAL` ends with it).
   */
  function searchByEmail<T>(read: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.exec('SET LOCAL plan_cache_mode = force_custom_plan');
      return read(tx);
    });
  }

  return {
    /** The accounts searched by a part of the address (`searchByEmail`). */
    search<T>(read: (people: ReturnType<typeof peopleRepository>) => Promise<T>): Promise<T> {
      return searchByEmail((tx) => read(peopleRepository(tx, options.currency)));
    },

    /** Other lists searched by their customers' addresses: every customer's orders and proxies. */
    searchByEmail,

    /**
     * PATCH: false for no such user; a change the rules forbid is refused. `factor`: the second factor the staff
     * member confirmed for it (step-up, issue #48), audited with it.
     */
    update: (actor: User, id: number, changes: PanelUserUpdate, factor?: string) =>
      change(actor, id, changes, 'update', factor),

    /** Inactive, every login revoked, every served proxy suspended at its agent. */
    block: (actor: User, id: number) => change(actor, id, { is_active: false }, 'block'),

    /** Active again, the proxies still within their term served again. */
    unblock: (actor: User, id: number) => change(actor, id, { is_active: true }, 'unblock'),

    /**
     * An `adjustment` ledger entry naming the staff member and the reason, under the account's lock: two adjustments
     * at once apply one after the other, and a debit below zero is refused whole. With an idempotency key, the entry
     * a first attempt made answers a retry (the same amount and reason; anything else is refused), never a second one.
     */
    adjustBalance(actor: User, id: number, amount: number, reason: string, key: string | null = null, factor?: string) {
      return db.transaction(async (tx) => {
        const locked = await lockTargetAndActor(tx, id, actor, USER_PERMISSIONS.changeBalance);
        if (!locked) return false;
        const { target } = locked;
        if (target.isSuperuser && !locked.actor.isSuperuser) throw PEOPLE_REFUSALS.forbidden();
        const reference =
          key === null ? `staff:${actor.id}` : `staff:${actor.id}:${createHash('sha256').update(key).digest('hex')}`;
        if (key !== null) {
          const [made] = await tx.query<{ amount: number; reason: string }>(
            `SELECT amount, reason FROM ledger_entries WHERE user_id = $1 AND kind = 'adjustment' AND reference = $2`,
            [id, reference],
          );
          if (made && (made.amount !== amount || made.reason !== reason)) {
            throw IDEMPOTENCY_REFUSALS.mismatch();
          }
          if (made) return true;
        }
        const entry = await ledgerRepository(tx)
          .post({
            userId: id,
            kind: 'adjustment',
            amount,
            currency: options.currency,
            reference,
            actorId: actor.id,
            reason,
          })
          .catch((error: unknown) => {
            // The ledger's overdraft, on the form's amount.
            throw Refusal.is(error, BILLING_REFUSALS.insufficientFunds)
              ? PEOPLE_REFUSALS.balanceWouldBeNegative({ cause: error })
              : error;
          });
        await userAuditRepository(tx).record({
          userId: id,
          actorId: actor.id,
          action: 'balance',
          changes: {
            amount,
            reason,
            balance: [target.balance, entry.balance_after],
            ledger_entry: entry.id,
            ...(factor ? { step_up: factor } : {}),
          },
        });
        return true;
      });
    },
  };
}

export type PeopleService = ReturnType<typeof peopleService>;
