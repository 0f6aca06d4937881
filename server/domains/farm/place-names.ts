/**
 * `cities` and `operators`: a place's city (#28) and operator (#49) named in Russian beside the English names modems,
 * order lines, moves and transfers store. The English names stay the keys (the stock, the order request and the filters
 * send them); answers carry both, and pages show the one of their language (the contract's `cityName` and
 * `operatorName`).
 */
import type { Queryable, SqlParam } from '../../db/db.ts';

/**
 * The select-list items `city_ru` and `operator_ru` for a row `alias` that has `country`, `city` and `operator`: their
 * Russian names, '' while they have none. A key lookup per row each, so any query gains them without a join that could
 * multiply its rows.
 */
export const placeRuOf = (alias: string) =>
  `coalesce((SELECT c.name_ru FROM cities c WHERE c.country = ${alias}.country AND c.name_en = ${alias}.city), '')
    AS city_ru,
  coalesce((SELECT o.name_ru FROM operators o WHERE o.country = ${alias}.country AND o.name_en = ${alias}.operator), '')
    AS operator_ru`;

/** Names the city in Russian: for every place in it, what was named before replaced. */
export async function nameCity(q: Queryable, country: string, city: string, nameRu: string): Promise<void> {
  await q.query(
    `INSERT INTO cities (country, name_en, name_ru) VALUES ($1, $2, $3)
       ON CONFLICT (country, name_en) DO UPDATE SET name_ru = EXCLUDED.name_ru`,
    [country, city, nameRu],
  );
}

/** Names the country's operator in Russian: for every place of it, what was named before replaced. */
export async function nameOperator(q: Queryable, country: string, operator: string, nameRu: string): Promise<void> {
  await q.query(
    `INSERT INTO operators (country, name_en, name_ru) VALUES ($1, $2, $3)
       ON CONFLICT (country, name_en) DO UPDATE SET name_ru = EXCLUDED.name_ru`,
    [country, operator, nameRu],
  );
}

/**
 * The filters' operators named in Russian (the contract's `operatorNamesRu`), over the modems `m` of `from` that pass
 * `where`: per English name, its Russian names in the countries those modems are in, ' / '-joined where they differ
 * ('Т2 / Tele2'); an operator with no Russian name there keeps its English one.
 */
export async function operatorNamesRu(
  q: Queryable,
  from: string,
  where: string,
  values: readonly SqlParam[],
): Promise<Record<string, string>> {
  const rows = await q.query<{ operator: string; names: string }>(
    `SELECT n.operator, string_agg(n.name, ' / ' ORDER BY n.name COLLATE "C") AS names
       FROM (SELECT DISTINCT m.operator, coalesce(o.name_ru, m.operator) AS name
               FROM ${from} LEFT JOIN operators o ON o.country = m.country AND o.name_en = m.operator
              WHERE ${where}) n
      GROUP BY n.operator`,
    values,
  );
  return Object.fromEntries(rows.map((row) => [row.operator, row.names]));
}
