/**
 * A proxy changing hands (the transfers domain's accept), inside the caller's transaction: the proxy's row is locked
 * first, then the new owner gets it with fresh secrets and none of the old owner's settings, and the host's agent is
 * told in the same transaction, so the old password and the old whitelist stop working as soon as the agent applies
 * the new configuration (its long poll wakes at commit).
 */
import type { ProxyState } from '@proxy/contract/schemas/farm-agent';
import type { Queryable } from '../../db/db.ts';
import { placeRuOf } from './place-names.ts';
import { hostsRepository } from './hosts-repository.ts';
import { newProxyPassword, newRotateToken, sha256 } from './secrets.ts';

export interface TransferableProxy {
  readonly id: number;
  readonly ownerId: number;
  readonly hostId: number;
  readonly state: ProxyState;
  readonly expiresAt: Date;
  /** A free trial's proxy (#43): it is its taker's only. */
  readonly trial: boolean;
  /** Its modem's place: an offer keeps it after the proxy is gone. */
  readonly country: string;
  readonly city: string;
  /** The city's Russian name ('' while it has none): the addressee's language names it (#28). */
  readonly cityRu: string;
  readonly operator: string;
  /** The operator's Russian name ('' while it has none), as `cityRu` (#49). */
  readonly operatorRu: string;
}

/** The proxy with its place, its row locked until the transaction ends (the lock every writer of a proxy takes). */
export async function lockTransferableProxy(tx: Queryable, id: number): Promise<TransferableProxy | null> {
  // The row locked on its own first: locking through the join would, after waiting for a move of the proxy (#29),
  // re-check its new row against its old modem's and lose it.
  await tx.query('SELECT id FROM proxies WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await tx.query<{
    id: number;
    owner_id: number;
    host_id: number;
    state: ProxyState;
    expires_at: Date | string;
    trial: boolean;
    country: string;
    city: string;
    city_ru: string;
    operator: string;
    operator_ru: string;
  }>(
    `SELECT p.id, p.owner_id, p.host_id, p.state, p.expires_at, p.trial, m.country, m.city, ${placeRuOf('m')},
            m.operator
       FROM proxies p JOIN modems m ON m.id = p.modem_id
      WHERE p.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    id: row.id,
    ownerId: row.owner_id,
    hostId: row.host_id,
    state: row.state,
    expiresAt: new Date(row.expires_at),
    trial: row.trial,
    country: row.country,
    city: row.city,
    cityRu: row.city_ru,
    operator: row.operator,
    operatorRu: row.operator_ru,
  };
}

/**
 * Gives the proxy (locked by `lockTransferableProxy`) to `ownerId`: a new password and change-IP token (the old
 * owner's copies stop working), the whitelist emptied (the old owner's addresses would otherwise still get in
 * without a password), and the old owner's choices reset — no auto-renew from the new owner's balance, no
 * auto-rotation changing the address under them, no comment; its history starts again (`owned_since`: the rotations
 * and traffic the new owner sees), and so do the expiry reminders, which the new owner has not had. The term
 * (`expires_at`) moves with it unchanged.
 */
export async function handOverProxy(tx: Queryable, proxy: TransferableProxy, ownerId: number): Promise<void> {
  const rotateToken = newRotateToken();
  await tx.query(
    `UPDATE proxies SET owner_id = $2, password = $3, rotate_token = $4, rotate_token_hash = $5, whitelist = '{}',
            auto_renew = false, auto_rotate_minutes = 0, comment = '', owned_since = now(),
            reminded_3d_for = NULL, reminded_1d_for = NULL, renewal_failed_for = NULL, renew_retry_at = NULL
      WHERE id = $1`,
    [proxy.id, ownerId, newProxyPassword(), rotateToken, sha256(rotateToken)],
  );
  await hostsRepository(tx).bump(proxy.hostId);
}
