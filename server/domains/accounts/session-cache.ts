/**
 * The owners of recently used login tokens, kept in this process's memory so an authenticated request needs no
 * database round trip (the API's hot path, #17).
 *
 * Revocation stays immediate because the database says when to forget: triggers (migration 0031) send
 * `NOTIFY auth_changed` when a token is deleted or updated (`t<key hash>`) or its user's row changes (`u<user id>`: active flag,
 * staff flags, permissions, balance…), at the writer's commit, whatever code or SQL wrote it. So a logout on one
 * process is refused on every other one as soon as the notification arrives (milliseconds), and on the process that
 * served the change before its answer leaves (`sync`, after every API request that may write).
 *
 * Nothing is kept while notifications could be missed: before the subscription is up, and from the moment its
 * connection is lost until it is back (then everything kept before is forgotten). A read that started before a
 * notification is not kept either (`generation`), so a slow read cannot put back what was just revoked. Unknown
 * tokens are never kept (a flood of random keys must not evict real sessions), and entries live `ttlMs` at most: a
 * backstop for writes no trigger sees (`TRUNCATE`, triggers disabled during a restore).
 */
import { randomUUID } from 'node:crypto';
import type { Db, Subscription } from '../../db/db.ts';
import { tokensRepository, type TokenOwner } from './tokens-repository.ts';
import type { User } from './users-repository.ts';

export const AUTH_CHANNEL = 'auth_changed';
const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;
/** How long `sync` waits for its own notification before forgetting everything instead. */
const SYNC_TIMEOUT_MS = 2_000;

export interface SessionCacheOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  /** Milliseconds now (tests move it instead of waiting out the TTL). */
  readonly now?: () => number;
}

export interface OwnerCache<O extends { readonly user: User }> {
  /** Whether owners are kept: only while the database's notifications are sure to arrive. */
  readonly listening: boolean;
  /** Lookups answered from memory (`hits`) and from the database (`misses`) since start: the metrics read them. */
  readonly lookups: { readonly hits: number; readonly misses: number };
  /** The key's live owner (see `tokensRepository.findOwner`), from memory when the database allows it. */
  owner(keyHash: string): Promise<O | null>;
  /**
   * Resolves once every change committed before the call has reached this process: what a logout revoked is then
   * refused here. Bounded, and never fails: if the fence does not come back in time, everything kept is forgotten.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Login tokens' owners. */
export type SessionCache = OwnerCache<TokenOwner>;

interface Entry<O> {
  readonly owner: O;
  readonly expiresAt: number;
}

export function sessionCache(db: Db, options: SessionCacheOptions = {}): SessionCache {
  const tokens = tokensRepository(db);
  return ownerCache(db, (keyHash) => tokens.findOwner(keyHash), options);
}

/**
 * The same memory for any secret whose rows notify `auth_changed` with their key hash and whose owner is a user
 * (login tokens; the customer API's keys, `api-keys-repository.ts`).
 */
export function ownerCache<O extends { readonly user: User }>(
  db: Db,
  find: (keyHash: string) => Promise<O | null>,
  options: SessionCacheOptions = {},
): OwnerCache<O> {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<O>>();
  const keysOfUser = new Map<number, Set<string>>();
  const fences = new Map<string, () => void>();
  let listening = false;
  let generation = 0;
  const lookups = { hits: 0, misses: 0 };

  const forget = (keyHash: string) => {
    const entry = entries.get(keyHash);
    if (!entry) return;
    entries.delete(keyHash);
    const keys = keysOfUser.get(entry.owner.user.id);
    keys?.delete(keyHash);
    if (keys?.size === 0) keysOfUser.delete(entry.owner.user.id);
  };
  const forgetAll = () => {
    generation += 1;
    entries.clear();
    keysOfUser.clear();
  };
  const keep = (keyHash: string, owner: O) => {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) forget(oldest.value);
    }
    entries.set(keyHash, { owner, expiresAt: now() + ttlMs });
    const keys = keysOfUser.get(owner.user.id) ?? new Set<string>();
    keys.add(keyHash);
    keysOfUser.set(owner.user.id, keys);
  };

  const subscription: Subscription = db.listen(AUTH_CHANNEL, {
    notify(payload) {
      const kind = payload[0];
      const subject = payload.slice(1);
      if (kind === 'f') {
        fences.get(subject)?.();
        return;
      }
      generation += 1;
      if (kind === 't') forget(subject);
      else if (kind === 'u') for (const keyHash of keysOfUser.get(Number(subject)) ?? []) forget(keyHash);
      else forgetAll(); // a payload this version does not know: the safe reading is "anything may have changed"
    },
    listening(on) {
      forgetAll();
      listening = on;
    },
  });

  return {
    get listening() {
      return listening;
    },
    lookups,

    async owner(keyHash) {
      const entry = entries.get(keyHash);
      if (entry && entry.expiresAt > now()) {
        lookups.hits += 1;
        return entry.owner;
      }
      lookups.misses += 1;
      if (entry) forget(keyHash);
      const readAt = generation;
      const owner = await find(keyHash);
      if (owner && listening && readAt === generation) keep(keyHash, owner);
      return owner;
    },

    async sync() {
      if (!listening) return; // nothing is kept, so nothing can be stale
      const id = randomUUID();
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS).unref();
        fences.set(id, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      try {
        // Notifications reach a listener in commit order: once this one is here, so is every earlier change.
        await db.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, `f${id}`]);
        if (!(await arrived)) forgetAll();
      } catch {
        forgetAll(); // the database is unreachable: whatever happens next is read afresh
      } finally {
        fences.delete(id);
      }
    },

    async close() {
      listening = false;
      forgetAll();
      await subscription.close();
    },
  };
}
