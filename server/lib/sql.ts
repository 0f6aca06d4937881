/**
 * SQL pieces every repository of a panel resource needs: bilingual columns, partial updates, list order. Tables and
 * columns come from the code, never from a request; values always travel as parameters.
 */
import type { Language } from '@proxy/contract/languages';
import type { Queryable, SqlParam } from '../db/db.ts';

/** A `<column>_ru`/`<column>_en` pair in the request's language; an empty English text falls back to the Russian. */
export function localized(column: string, language: Language): string {
  return language === 'ru' ? `${column}_ru` : `COALESCE(NULLIF(${column}_en, ''), ${column}_ru)`;
}

/** Timestamps as ISO strings, the wire format. */
export function withIsoDates<T extends { updated_at: unknown; created_at?: unknown }>(row: T): T {
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    ...row,
    updated_at: iso(row.updated_at),
    ...(row.created_at === undefined ? {} : { created_at: iso(row.created_at) }),
  };
}

/** A jsonb parameter (null stays SQL NULL). */
export const json = (value: unknown): SqlParam => (value === null ? null : JSON.stringify(value));

export type ColumnMap = Readonly<Record<string, { column: string; store?: (value: unknown) => SqlParam }>>;

/** `SET` of the fields present in `changes` (input name → column and how to store it), and `updated_at`. */
export function assignments(
  changes: object,
  columns: ColumnMap,
  firstParam: number,
): { sql: string; params: SqlParam[] } {
  const values = changes as Record<string, unknown>;
  const parts: string[] = [];
  const params: SqlParam[] = [];
  for (const [field, spec] of Object.entries(columns)) {
    if (!Object.hasOwn(values, field) || values[field] === undefined) continue;
    params.push(spec.store ? spec.store(values[field]) : (values[field] as SqlParam));
    parts.push(`${spec.column} = $${firstParam + params.length - 1}`);
  }
  parts.push('updated_at = now()');
  return { sql: parts.join(', '), params };
}

/**
 * Sets `sort_order` to the position of each id in `ids`, when `ids` is exactly the set of rows `scope` selects
 * (locked first, in id order like every other writer of these rows: inside a transaction, two staff reordering at
 * once apply one after the other, never a mix, and never wait for each other in a cycle).
 */
export async function reorder(
  q: Queryable,
  table: string,
  scope: string,
  scopeParams: readonly SqlParam[],
  ids: readonly number[],
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `SELECT id::int AS id FROM ${table} WHERE ${scope} ORDER BY id FOR UPDATE`,
    scopeParams,
  );
  const existing = new Set(rows.map((row) => row.id));
  if (existing.size !== ids.length || !ids.every((id) => existing.has(id))) return false;
  await q.query(
    `UPDATE ${table} AS t SET sort_order = o.position - 1, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position)
      WHERE t.id = o.id`,
    [ids],
  );
  return true;
}

/** The next position at the end of a list. */
export async function nextSortOrder(
  q: Queryable,
  table: string,
  scope: string,
  params: readonly SqlParam[],
): Promise<number> {
  const [row] = await q.query<{ next: number }>(
    `SELECT COALESCE(max(sort_order) + 1, 0)::int AS next FROM ${table} WHERE ${scope}`,
    params,
  );
  return row?.next ?? 0;
}
