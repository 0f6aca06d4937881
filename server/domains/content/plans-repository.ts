/**
 * The `plans` table: the price table's plans, as the public reads them (active, one language) and as staff edit
 * them. Prices are integer minor units (`price_minor`, bigint, read as a number by the Db). `create` and `reorder`
 * read then write: they run in the service's transaction.
 */
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import type { Price } from '@proxy/contract/schemas/orders';
import type { PanelPlan, PlanInput, PublicPlan } from '@proxy/contract/schemas/plans';
import type { Queryable } from '../../db/db.ts';
import { assignments, json, localized, nextSortOrder, reorder, withIsoDates } from '../../lib/sql.ts';

const PLAN_COLUMNS = `id, title_ru, title_en, price_minor AS price, currency, period_days, country, caption_ru, caption_en,
  features_ru, features_en, highlighted, active, sort_order, updated_at`;
const PLAN_FIELDS = {
  title_ru: { column: 'title_ru' },
  title_en: { column: 'title_en' },
  price: { column: 'price_minor' },
  currency: { column: 'currency' },
  period_days: { column: 'period_days' },
  country: { column: 'country' },
  caption_ru: { column: 'caption_ru' },
  caption_en: { column: 'caption_en' },
  features_ru: { column: 'features_ru', store: json },
  features_en: { column: 'features_en', store: json },
  highlighted: { column: 'highlighted' },
  active: { column: 'active' },
};

export function plansRepository(q: Queryable) {
  return {
    /** The active plans in order, in the request's language. */
    listActive(language: Language): Promise<PublicPlan[]> {
      return q.query<PublicPlan>(
        `SELECT id, ${localized('title', language)} AS title, price_minor AS price, currency, period_days,
                ${localized('caption', language)} AS caption,
                CASE WHEN $1 = 'en' AND features_en <> '[]'::jsonb THEN features_en ELSE features_ru END AS features,
                highlighted
           FROM plans
          WHERE active
          ORDER BY sort_order, id`,
        [language],
      );
    },

    /**
     * The price list (docs/product.md "Ordering"): the active plans in the site's currency, one per period and
     * country — where staff left two, the one the price table shows first — sorted by period, the any-country price
     * first. What the home page shows is what an order charges.
     */
    priceList(currency: Currency, language: Language): Promise<Price[]> {
      return q.query<Price>(
        `SELECT period_days, country, price, currency, title FROM (
           SELECT DISTINCT ON (period_days, country) period_days, country, price_minor AS price, currency,
                  ${localized('title', language)} AS title
             FROM plans
            WHERE active AND currency = $1
            ORDER BY period_days, country NULLS FIRST, sort_order, id
         ) prices ORDER BY period_days, country NULLS FIRST`,
        [currency],
      );
    },

    async list(): Promise<PanelPlan[]> {
      const rows = await q.query<PanelPlan>(`SELECT ${PLAN_COLUMNS} FROM plans ORDER BY sort_order, id`);
      return rows.map(withIsoDates);
    },

    async get(id: number): Promise<PanelPlan | null> {
      const [row] = await q.query<PanelPlan>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1`, [id]);
      return row ? withIsoDates(row) : null;
    },

    /** Adds the plan at the end of the table. */
    async create(input: PlanInput): Promise<PanelPlan> {
      const sortOrder = await nextSortOrder(q, 'plans', 'true', []);
      const [row] = await q.query<PanelPlan>(
        `INSERT INTO plans (title_ru, title_en, price_minor, currency, period_days, caption_ru, caption_en,
                            features_ru, features_en, highlighted, active, sort_order, country)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${PLAN_COLUMNS}`,
        [
          input.title_ru,
          input.title_en,
          input.price,
          input.currency,
          input.period_days,
          input.caption_ru,
          input.caption_en,
          json(input.features_ru),
          json(input.features_en),
          input.highlighted,
          input.active,
          sortOrder,
          input.country ?? null,
        ],
      );
      if (!row) throw new Error('plan insert returned no row');
      return withIsoDates(row);
    },

    async update(id: number, changes: Partial<PlanInput>): Promise<PanelPlan | null> {
      const { sql, params } = assignments(changes, PLAN_FIELDS, 2);
      const [row] = await q.query<PanelPlan>(`UPDATE plans SET ${sql} WHERE id = $1 RETURNING ${PLAN_COLUMNS}`, [
        id,
        ...params,
      ]);
      return row ? withIsoDates(row) : null;
    },

    async delete(id: number): Promise<boolean> {
      return (await q.query('DELETE FROM plans WHERE id = $1 RETURNING id', [id])).length > 0;
    },

    /** False when `ids` is not exactly every plan. */
    reorder(ids: readonly number[]): Promise<boolean> {
      return reorder(q, 'plans', 'true', [], ids);
    },
  };
}
