/** The panel's view of accounts: `users` with their proxy count. Built over the database or a transaction. */
import type { Currency } from '@proxy/contract/money';
import type { PanelUser, PanelUserDetail, PanelUserListParams } from '@proxy/contract/schemas/users';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';

interface PanelUserRow {
  id: number;
  email: string;
  is_active: boolean;
  email_verified: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  language: PanelUser['language'];
  subscribed: boolean;
  date_joined: Date | string;
  last_login: Date | string | null;
  balance: number;
  permissions: string[];
  proxies: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// The proxy count per row is a correlated count on `proxies_owner_idx`: only the page's rows pay for it (sorted by
// it, `list` counts otherwise).
const COLUMNS = `u.id, u.email, u.is_active, u.email_verified, u.is_staff, u.is_superuser, u.language, u.subscribed,
  u.date_joined, u.last_login, u.balance, u.permissions`;
const COUNTED = `(SELECT count(*)::int FROM proxies p WHERE p.owner_id = u.id) AS proxies`;
const ORDERINGS: Readonly<Record<string, string>> = {
  id: 'u.id',
  email: 'u.email',
  date_joined: 'u.date_joined',
  last_login: 'u.last_login',
  balance: 'u.balance',
};

function filter(params: PanelUserListParams): { where: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  for (const term of searchTerms(params.search)) add((n) => `u.email ILIKE $${n}`, likePattern(term));
  const { active, verified, staff, balance, date_joined: joined, last_login: seen } = params.filters ?? {};
  const flags = [
    ['u.is_active', active],
    ['u.email_verified', verified],
    ['u.is_staff', staff],
  ] as const;
  for (const [column, choice] of flags) {
    if (choice)
      add(
        (n) => `${column} = ANY($${n}::boolean[])`,
        choice.map((value) => value === 'true'),
      );
  }
  if (balance?.min !== undefined) add((n) => `u.balance >= $${n}`, balance.min);
  if (balance?.max !== undefined) add((n) => `u.balance <= $${n}`, balance.max);
  if (joined?.after) add((n) => `u.date_joined >= $${n}::date`, joined.after);
  if (joined?.before) add((n) => `u.date_joined < $${n}::date + 1`, joined.before);
  if (seen?.after) add((n) => `u.last_login >= $${n}::date`, seen.after);
  if (seen?.before) add((n) => `u.last_login < $${n}::date + 1`, seen.before);
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export function peopleRepository(q: Queryable, currency: Currency) {
  const toDetail = (row: PanelUserRow): PanelUserDetail => ({
    id: row.id,
    email: row.email,
    is_active: row.is_active,
    email_verified: row.email_verified,
    is_staff: row.is_staff,
    is_superuser: row.is_superuser,
    language: row.language,
    subscribed: row.subscribed,
    date_joined: iso(row.date_joined),
    last_login: row.last_login === null ? null : iso(row.last_login),
    balance: row.balance,
    currency,
    proxies: row.proxies,
    permissions: row.permissions,
  });
  const toRow = (row: PanelUserRow): PanelUser => {
    const { permissions: _permissions, ...user } = toDetail(row);
    return user;
  };

  return {
    async count(params: PanelUserListParams): Promise<number> {
      const { where, values } = filter(params);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users u WHERE ${where}`,
        values,
      );
      return row?.count ?? 0;
    },

    /** Newest accounts first unless `ordering` says otherwise; the id breaks ties so pages never overlap. */
    async list(params: PanelUserListParams, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<PanelUser[]> {
      const { where, values } = filter(params);
      const ordering = params.ordering ?? '-id';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const limit = `$${values.length + 1}`;
      const offset = `$${values.length + 2}`;
      const page = [...values, window.limit, window.offset];
      if (ordering.replace(/^-/, '') === 'proxies') {
        // By proxy count: most accounts hold none, and a sort of every account by a count computed for each is slow
        // (20 ms over 100,000). The accounts holding proxies (few, counted) and the rest (in id order from the
        // primary key, stopping early) each give their first offset+limit rows; the page is cut from the two.
        const rows = await q.query<PanelUserRow>(
          `SELECT * FROM (
             (SELECT ${COLUMNS}, c.proxies FROM users u
                JOIN (SELECT owner_id, count(*)::int AS proxies FROM proxies GROUP BY owner_id) c ON c.owner_id = u.id
               WHERE ${where} ORDER BY c.proxies ${direction}, u.id ${direction} LIMIT ${limit}::int + ${offset}::int)
             UNION ALL
             (SELECT ${COLUMNS}, 0 AS proxies FROM users u
               WHERE ${where} AND NOT EXISTS (SELECT 1 FROM proxies p WHERE p.owner_id = u.id)
               ORDER BY u.id ${direction} LIMIT ${limit}::int + ${offset}::int)
           ) counted ORDER BY proxies ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}`,
          page,
        );
        return rows.map(toRow);
      }
      const column = ORDERINGS[ordering.replace(/^-/, '')] ?? 'u.id';
      // Never logged in sorts as the oldest login.
      const nulls = column === 'u.last_login' ? (direction === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST') : '';
      const rows = await q.query<PanelUserRow>(
        `SELECT ${COLUMNS}, ${COUNTED} FROM users u WHERE ${where}
          ORDER BY ${column} ${direction}${nulls}, u.id ${direction} LIMIT ${limit} OFFSET ${offset}`,
        page,
      );
      return rows.map(toRow);
    },

    async get(id: number): Promise<PanelUserDetail | null> {
      const [row] = await q.query<PanelUserRow>(`SELECT ${COLUMNS}, ${COUNTED} FROM users u WHERE u.id = $1`, [id]);
      return row ? toDetail(row) : null;
    },

    /** Writes the given columns (names from the contract's update schema, never from the request's keys). */
    async update(id: number, changes: Readonly<Record<string, SqlParam>>): Promise<void> {
      const entries = Object.entries(changes);
      if (entries.length === 0) return;
      const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
      await q.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
    },
  };
}
