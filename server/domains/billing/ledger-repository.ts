/**
 * The ledger (`ledger_entries`) and the balance it moves (`users.balance`). `post` is the only code that changes a
 * balance: one UPDATE that both locks the account row and lets the database refuse a negative result, then the entry
 * with the balance after it. It must run inside the caller's transaction, so the entry and whatever it pays for
 * (an invoice marked paid, an order) commit or vanish together.
 */
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import type { LedgerEntry, LedgerKind, LedgerListParams } from '@proxy/contract/schemas/billing';
import type { Queryable, SqlParam } from '../../db/db.ts';
import { refuseOnConstraint } from '../../lib/constraints.ts';
import { type LedgerData, renderLedgerLine, type StoredLine } from './ledger-lines.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { BILLING_REFUSALS } from './refusals.ts';

/** The balance would go below zero: nothing was written (a caller re-words it: a 402 to an order). */
const refusing = refuseOnConstraint({ users_balance_not_negative: BILLING_REFUSALS.insufficientFunds });

export interface Posting {
  readonly userId: number;
  readonly kind: LedgerKind;
  /** Signed minor units: a credit is positive, a debit negative; 0 only for `transfer`. */
  readonly amount: number;
  readonly currency: Currency;
  readonly reference?: string;
  readonly actorId?: number | null;
  /** What the line means (`ledger-lines.ts` renders it in the reader's language); never composed text. */
  readonly data?: LedgerData;
  /** Only what a person typed (a staff adjustment's reason, a hand-confirmed payment's note), shown verbatim. */
  readonly reason?: string;
}

const ENTRY_COLUMNS = `id::int AS id, kind, amount, currency, balance_after, reference, reason, created_at`;

type EntryRow = Omit<LedgerEntry, 'created_at'> & { created_at: Date | string };
const toEntry = (row: EntryRow): LedgerEntry => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** A listed line with what its words are rendered from: the facts and its place's Russian city and operator names. */
const LINE_COLUMNS = `${ENTRY_COLUMNS}, data,
  coalesce((SELECT c.name_ru FROM cities c WHERE c.country = data ->> 'country' AND c.name_en = data ->> 'city'), '')
    AS city_ru,
  coalesce((SELECT o.name_ru FROM operators o
             WHERE o.country = data ->> 'country' AND o.name_en = data ->> 'operator'), '') AS operator_ru`;

type LineRow = EntryRow & Pick<StoredLine, 'data' | 'city_ru' | 'operator_ru'>;
const toLine =
  (language: Language) =>
  ({ data, city_ru, operator_ru, ...row }: LineRow): LedgerEntry =>
    toEntry({
      ...row,
      reason: renderLedgerLine({ kind: row.kind, reason: row.reason, data, city_ru, operator_ru }, language),
    });

function filter(userId: number, params: LedgerListParams): { where: string; values: SqlParam[] } {
  const clauses = ['user_id = $1'];
  const values: SqlParam[] = [userId];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  const { kind, created } = params.filters ?? {};
  if (kind) add((n) => `kind = ANY($${n}::text[])`, kind);
  if (created?.after) add((n) => `created_at >= $${n}::date`, created.after);
  if (created?.before) add((n) => `created_at < $${n}::date + 1`, created.before);
  return { where: clauses.join(' AND '), values };
}

export function ledgerRepository(q: Queryable) {
  return {
    /** Moves the balance and records why; refused (`insufficientFunds`, nothing written) below zero. */
    async post(posting: Posting): Promise<LedgerEntry> {
      const [row] = await q
        .query<{ balance: number }>('UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance', [
          posting.userId,
          posting.amount,
        ])
        .catch(refusing);
      if (!row) throw new Error(`No user ${posting.userId}`);
      const { balance } = row;
      const [entry] = await q.query<EntryRow>(
        `INSERT INTO ledger_entries (user_id, kind, amount, currency, balance_after, reference, actor_id, reason, data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ENTRY_COLUMNS}`,
        [
          posting.userId,
          posting.kind,
          posting.amount,
          posting.currency,
          balance,
          posting.reference ?? '',
          posting.actorId ?? null,
          posting.reason ?? '',
          JSON.stringify(posting.data ?? {}),
        ],
      );
      return toEntry(entry as EntryRow);
    },

    async balanceOf(userId: number): Promise<number | null> {
      const [row] = await q.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
      return row?.balance ?? null;
    },

    async count(userId: number, params: LedgerListParams): Promise<number> {
      const { where, values } = filter(userId, params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ledger_entries WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /**
     * Newest first unless `ordering` says otherwise; the id breaks ties so pages never overlap. Each line's words in
     * the reader's `language`.
     */
    async list(
      userId: number,
      params: LedgerListParams,
      window: Pick<PageWindow, 'limit' | 'offset'>,
      language: Language,
    ): Promise<LedgerEntry[]> {
      const { where, values } = filter(userId, params);
      const ordering = params.ordering ?? '-created_at';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = ordering.replace(/^-/, '');
      const rows = await q.query<LineRow>(
        `SELECT ${LINE_COLUMNS} FROM ledger_entries WHERE ${where}
          ORDER BY ${column} ${direction}, id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(toLine(language));
    },
  };
}
