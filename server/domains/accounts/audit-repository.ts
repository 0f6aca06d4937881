/**
 * `user_audit`: every change made to an account, by staff (the panel's Users section) or by its owner (password,
 * e-mail, sessions), with who made it. Written in the transaction of the change itself.
 */
import type { UserAuditAction, UserAuditEntry } from '@proxy/contract/schemas/users';
import type { Queryable } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';

interface AuditRow {
  id: number;
  action: UserAuditAction;
  actor_id: number | null;
  actor_email: string | null;
  changes: Record<string, unknown>;
  created_at: Date | string;
}

export interface AuditRecord {
  readonly userId: number;
  /** Null only when nobody signed in made it (a confirmation link followed). */
  readonly actorId: number | null;
  readonly action: UserAuditAction;
  readonly changes: Readonly<Record<string, unknown>>;
}

export function userAuditRepository(q: Queryable) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await q.query('INSERT INTO user_audit (user_id, actor_id, action, changes) VALUES ($1, $2, $3, $4)', [
        entry.userId,
        entry.actorId,
        entry.action,
        JSON.stringify(entry.changes),
      ]);
    },

    async count(userId: number): Promise<number> {
      const [row] = await q.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM user_audit WHERE user_id = $1',
        [userId],
      );
      return row?.count ?? 0;
    },

    /** Newest first. */
    async list(userId: number, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<UserAuditEntry[]> {
      const rows = await q.query<AuditRow>(
        `SELECT a.id::int AS id, a.action, a.actor_id, s.email AS actor_email, a.changes, a.created_at
           FROM user_audit a LEFT JOIN users s ON s.id = a.actor_id
          WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
        [userId, window.limit, window.offset],
      );
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '' },
        changes: row.changes,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },
  };
}
