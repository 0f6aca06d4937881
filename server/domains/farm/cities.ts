/**
 * `cities`: a city's Russian name beside the English one modems, order lines and transfers store (#28). The English
 * name stays the key (the stock, the order request and the filters send it); answers carry both, and pages show the
 * one of their language (the contract's `cityName`).
 */
import type { Queryable } from '../../db/db.ts';

/**
 * The select-list item `city_ru` for a row `alias` that has `country` and `city`: the city's Russian name, '' while it
 * has none. A key lookup per row, so any query gains it without a join that could multiply its rows.
 */
export const cityRuOf = (alias: string) =>
  `coalesce((SELECT c.name_ru FROM cities c WHERE c.country = ${alias}.country AND c.name_en = ${alias}.city), '')
    AS city_ru`;

/** Names the city in Russian: for every place in it, what was named before replaced. */
export async function nameCity(q: Queryable, country: string, city: string, nameRu: string): Promise<void> {
  await q.query(
    `INSERT INTO cities (country, name_en, name_ru) VALUES ($1, $2, $3)
       ON CONFLICT (country, name_en) DO UPDATE SET name_ru = EXCLUDED.name_ru`,
    [country, city, nameRu],
  );
}
