/**
 * The `api_keys` table: the customer API's keys (issue #30). Secrets never reach this layer in clear: callers pass
 * the SHA-256 of the key (`hashTokenKey`, as login tokens), which is all the table holds with a short prefix.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@proxy/contract/schemas/api-keys';
import type { Queryable } from '../../db/db.ts';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users-repository.ts';

/** `mpk_` + 8 hex (the prefix shown on the account page) + `_` + 40 hex: 192 bits, and recognisable in a leak scan. */
export const API_KEY_PATTERN = /^mpk_[0-9a-f]{8}_[0-9a-f]{40}$/;
const PREFIX_LENGTH = 'mpk_'.length + 8;

export function newApiKey(): { readonly secret: string; readonly prefix: string } {
  const secret = `mpk_${randomBytes(4).toString('hex')}_${randomBytes(20).toString('hex')}`;
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH) };
}

/** Who a live key belongs to and what it may do: the auth plugin's answer for a `/api/v1/` request. */
export interface ApiKeyOwner {
  readonly user: User;
  readonly keyId: string;
  readonly scopes: readonly ApiKeyScope[];
  /** Epoch when never used: the first request writes it. */
  readonly lastUsedAt: Date;
}

interface ApiKeyRow {
  readonly id: number;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: string[];
  readonly created_at: Date | string;
  readonly last_used_at: Date | string | null;
  readonly last_used_ip: string;
  readonly revoked_at: Date | string | null;
}

const COLUMNS = 'id::int AS id, name, prefix, scopes, created_at, last_used_at, last_used_ip, revoked_at';
const iso = (value: Date | string) => new Date(value).toISOString();
/** Only the scopes this version knows (a value a later version wrote is not a permission here). */
const knownScopes = (scopes: readonly string[]) =>
  API_KEY_SCOPES.filter((scope) => scopes.includes(scope)) as ApiKeyScope[];

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

export function apiKeysRepository(q: Queryable) {
  return {
    /** The user's keys, live ones first, newest first. */
    async listOf(userId: number): Promise<ApiKey[]> {
      const rows = await q.query<ApiKeyRow>(
        `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY revoked_at IS NOT NULL, id DESC`,
        [userId],
      );
      return rows.map(toApiKey);
    },

    /** Live keys of the user; run under the user's row lock to decide the limit. */
    async countLiveOf(userId: number): Promise<number> {
      const [row] = await q.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
        [userId],
      );
      return row?.count ?? 0;
    },

    async insert(
      userId: number,
      input: {
        readonly name: string;
        readonly prefix: string;
        readonly keyHash: string;
        readonly scopes: readonly ApiKeyScope[];
      },
    ): Promise<ApiKey> {
      const [row] = await q.query<ApiKeyRow>(
        `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${COLUMNS}`,
        [userId, input.name, input.prefix, input.keyHash, [...input.scopes]],
      );
      return toApiKey(row as ApiKeyRow);
    },

    /** Revokes one key of the user's; false when it is not theirs or already revoked. */
    async revokeOf(userId: number, id: number): Promise<boolean> {
      const rows = await q.query(
        'UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id',
        [userId, id],
      );
      return rows.length > 0;
    },

    /** The owner of a live (not revoked) key, or null. */
    async findOwner(keyHash: string): Promise<ApiKeyOwner | null> {
      const [row] = await q.query<
        UserRow & { key_id: string; key_scopes: string[]; key_last_used_at: Date | string | null }
      >(
        `SELECT ${USER_COLUMNS}, k.id::text AS key_id, k.scopes AS key_scopes, k.last_used_at AS key_last_used_at
           FROM api_keys k JOIN users u ON u.id = k.user_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
      if (!row) return null;
      return {
        user: toUser(row),
        keyId: row.key_id,
        scopes: knownScopes(row.key_scopes),
        lastUsedAt: new Date(row.key_last_used_at ?? 0),
      };
    },

    async touch(keyId: string, ip: string): Promise<void> {
      await q.query('UPDATE api_keys SET last_used_at = now(), last_used_ip = $2 WHERE id = $1', [
        keyId,
        ip.slice(0, 64),
      ]);
    },
  };
}
