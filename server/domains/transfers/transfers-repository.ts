/**
 * `transfers`: offers of a proxy from its owner to another customer. Reads are scoped to the viewer (the sender or
 * the recipient; anyone else finds nothing) and shaped as the viewer sees the offer. "Now" is always a parameter —
 * the app's clock, never the database's `now()` — so a pending offer past `expires_at` reads `expired` at the same
 * instant the service and the sweep decide it has lapsed.
 */
import type { Transfer, TransferCounts, TransferListParams, TransferState } from '@proxy/contract/schemas/transfers';
import type { Queryable, SqlParam } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { placeRuOf } from '../farm/index.ts';
import { TRANSFER_REFUSALS } from './refusals.ts';

/** A second pending offer of one proxy (the service checks first, under the proxy's lock). */
const refusing = refuseOnConstraint({ transfers_one_pending: TRANSFER_REFUSALS.pending });

/** A pending offer past its time reads as lapsed before the sweep writes it; `now` names the parameter. */
const lapsed = (now: string) => `(t.state = 'pending' AND t.expires_at <= ${now})`;
const stateAt = (now: string) => `CASE WHEN ${lapsed(now)} THEN 'expired' ELSE t.state END`;

/**
 * The offer as viewer `$1` sees it at `$2`: the proxy's id and label only while the viewer owns it (a sender never
 * reads the label the recipient gives it after accepting, nor a recipient the sender's: accepting clears it, #28),
 * the other side's address, and a lapsed offer decided at the moment it lapsed (what the sweep writes too).
 */
const VIEW = `SELECT t.id, ${stateAt('$2')} AS state,
    CASE WHEN t.sender_id = $1 THEN 'outgoing' ELSE 'incoming' END AS direction,
    CASE WHEN p.owner_id = $1 THEN p.id END AS proxy_id,
    CASE WHEN p.owner_id = $1 THEN p.comment END AS proxy_comment,
    t.country, t.city, ${placeRuOf('t')}, t.operator, p.expires_at AS proxy_expires_at,
    CASE WHEN t.sender_id = $1 THEN t.recipient_email ELSE s.email END AS email,
    t.note, t.created_at, t.expires_at,
    CASE WHEN ${lapsed('$2')} THEN t.expires_at ELSE t.decided_at END AS decided_at
  FROM transfers t JOIN users s ON s.id = t.sender_id LEFT JOIN proxies p ON p.id = t.proxy_id`;
const VISIBLE = '(t.sender_id = $1 OR t.recipient_id = $1)';

const ORDERINGS: Readonly<Record<string, string>> = { created_at: 't.created_at', expires_at: 't.expires_at' };

type Timestamp = Date | string;
type ViewRow = Omit<Transfer, 'proxy_expires_at' | 'created_at' | 'expires_at' | 'decided_at'> & {
  proxy_expires_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
};

const iso = (value: Timestamp) => new Date(value).toISOString();
const toTransfer = (row: ViewRow): Transfer => ({
  ...row,
  proxy_expires_at: row.proxy_expires_at === null ? null : iso(row.proxy_expires_at),
  created_at: iso(row.created_at),
  expires_at: iso(row.expires_at),
  decided_at: row.decided_at === null ? null : iso(row.decided_at),
});

/** The stored row, as the service decides on it. */
export interface TransferRow {
  readonly id: number;
  readonly proxyId: number | null;
  readonly senderId: number;
  readonly recipientId: number | null;
  readonly recipientEmail: string;
  readonly state: TransferState;
  readonly country: string;
  readonly city: string;
  /** The city's Russian name ('' while it has none): the addressee's language names it (#28). */
  readonly cityRu: string;
  readonly operator: string;
  /** The operator's Russian name ('' while it has none), as `cityRu` (#49). */
  readonly operatorRu: string;
  readonly expiresAt: Date;
}

interface StoredRow {
  id: number;
  proxy_id: number | null;
  sender_id: number;
  recipient_id: number | null;
  recipient_email: string;
  state: TransferState;
  country: string;
  city: string;
  city_ru: string;
  operator: string;
  operator_ru: string;
  expires_at: Timestamp;
}

const STORED = `id, proxy_id, sender_id, recipient_id, recipient_email, state, country, city, ${placeRuOf('transfers')},
  operator, expires_at`;
const toRow = (row: StoredRow): TransferRow => ({
  id: row.id,
  proxyId: row.proxy_id,
  senderId: row.sender_id,
  recipientId: row.recipient_id,
  recipientEmail: row.recipient_email,
  state: row.state,
  country: row.country,
  city: row.city,
  cityRu: row.city_ru,
  operator: row.operator,
  operatorRu: row.operator_ru,
  expiresAt: new Date(row.expires_at),
});

export interface NewTransfer {
  readonly proxyId: number;
  readonly senderId: number;
  readonly recipientId: number | null;
  readonly recipientEmail: string;
  readonly note: string;
  readonly country: string;
  readonly city: string;
  readonly operator: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** The list's conditions after `values` (the viewer first; the view's now second when it is selected). */
function filter(values: SqlParam[], now: Date, params: TransferListParams): { where: string; values: SqlParam[] } {
  const clauses = [VISIBLE];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  const { direction, state, created } = params.filters ?? {};
  if (direction) {
    add((n) => `CASE WHEN t.sender_id = $1 THEN 'outgoing' ELSE 'incoming' END = ANY($${n}::text[])`, direction);
  }
  // The shown state, so a filter never disagrees with what the list says.
  if (state) {
    values.push(now);
    const at = `$${values.length}`;
    add((n) => `${stateAt(at)} = ANY($${n}::text[])`, state);
  }
  if (created?.after) add((n) => `t.created_at >= $${n}::date`, created.after);
  if (created?.before) add((n) => `t.created_at < $${n}::date + 1`, created.before);
  return { where: clauses.join(' AND '), values };
}

export function transfersRepository(q: Queryable) {
  return {
    /** The offer as the viewer sees it at `now`; null unless the viewer is its sender or recipient. */
    async view(id: number, viewerId: number, now: Date): Promise<Transfer | null> {
      const [row] = await q.query<ViewRow>(`${VIEW} WHERE t.id = $3 AND ${VISIBLE}`, [viewerId, now, id]);
      return row ? toTransfer(row) : null;
    },

    async count(viewerId: number, now: Date, params: TransferListParams): Promise<number> {
      const { where, values } = filter([viewerId], now, params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM transfers t WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /** Newest first unless `ordering` says otherwise; the id breaks ties so pages never overlap. */
    async list(
      viewerId: number,
      now: Date,
      params: TransferListParams,
      window: Pick<PageWindow, 'limit' | 'offset'>,
    ): Promise<Transfer[]> {
      const { where, values } = filter([viewerId, now], now, params);
      const ordering = params.ordering ?? '-created_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = ORDERINGS[ordering.replace(/^-/, '')] ?? 't.created_at';
      const rows = await q.query<ViewRow>(
        `${VIEW} WHERE ${where} ORDER BY ${column} ${direction}, t.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(toTransfer);
    },

    /** The viewer's offers still waiting for an answer at `now`, each way. */
    async counts(viewerId: number, now: Date): Promise<TransferCounts> {
      const [row] = await q.query<TransferCounts>(
        `SELECT count(*) FILTER (WHERE recipient_id = $1)::int AS incoming_pending,
                count(*) FILTER (WHERE sender_id = $1)::int AS outgoing_pending
           FROM transfers WHERE (sender_id = $1 OR recipient_id = $1) AND state = 'pending' AND expires_at > $2`,
        [viewerId, now],
      );
      return row ?? { incoming_pending: 0, outgoing_pending: 0 };
    },

    /** The stored row without a lock (which proxy to lock first); decide only on `lock`'s answer. */
    async get(id: number): Promise<TransferRow | null> {
      const [row] = await q.query<StoredRow>(`SELECT ${STORED} FROM transfers WHERE id = $1`, [id]);
      return row ? toRow(row) : null;
    },

    /** The stored row, locked until the transaction ends: every change of an offer's state is decided on it. */
    async lock(id: number): Promise<TransferRow | null> {
      const [row] = await q.query<StoredRow>(`SELECT ${STORED} FROM transfers WHERE id = $1 FOR UPDATE`, [id]);
      return row ? toRow(row) : null;
    },

    /** Writes the proxy's pending offer `expired` if it lapsed by `now` (the proxy's row is locked by the caller). */
    async lapsePendingOf(proxyId: number, now: Date): Promise<void> {
      await q.query(
        `UPDATE transfers SET state = 'expired', decided_at = expires_at
          WHERE proxy_id = $1 AND state = 'pending' AND expires_at <= $2`,
        [proxyId, now],
      );
    },

    async hasPending(proxyId: number): Promise<boolean> {
      const rows = await q.query(`SELECT 1 FROM transfers WHERE proxy_id = $1 AND state = 'pending'`, [proxyId]);
      return rows.length > 0;
    },

    async insert(transfer: NewTransfer): Promise<number> {
      const [row] = await q
        .query<{ id: number }>(
          `INSERT INTO transfers (proxy_id, sender_id, recipient_id, recipient_email, note, country, city, operator,
                                created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            transfer.proxyId,
            transfer.senderId,
            transfer.recipientId,
            transfer.recipientEmail,
            transfer.note,
            transfer.country,
            transfer.city,
            transfer.operator,
            transfer.createdAt,
            transfer.expiresAt,
          ],
        )
        .catch(refusing);
      return (row as { id: number }).id;
    },

    /** The answer to a locked pending offer; a lapsed one is decided at the moment it lapsed. */
    async decide(id: number, state: Exclude<TransferState, 'pending'>, at: Date): Promise<void> {
      await q.query(`UPDATE transfers SET state = $2, decided_at = $3 WHERE id = $1 AND state = 'pending'`, [
        id,
        state,
        at,
      ]);
    },

    /**
     * Writes up to `limit` offers that lapsed by `now` `expired`, in one statement: the rows are claimed with
     * `SKIP LOCKED`, so a concurrent sweep (or an accept holding one) is passed over rather than waited for, and a
     * row written is not pending any more when the next sweep looks. Answers how many it wrote.
     */
    async expireDue(now: Date, limit: number): Promise<number> {
      const rows = await q.query(
        `UPDATE transfers SET state = 'expired', decided_at = expires_at
          WHERE id IN (SELECT id FROM transfers WHERE state = 'pending' AND expires_at <= $1
                        ORDER BY expires_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        [now, limit],
      );
      return rows.length;
    },
  };
}

export type TransfersRepository = ReturnType<typeof transfersRepository>;
