/**
 * `GET /api/stock/`: what can be ordered now and the price list, for anyone (the public home page reads it, and its
 * document embeds the same answer: `stockReader`). Two queries, kept in this process for a few seconds per language,
 * and cacheable by browsers and CDNs for ten: the figures are a shop window; the order itself re-checks stock under
 * locks.
 */
import type { Language } from '@proxy/contract/languages';
import type { Currency } from '@proxy/contract/money';
import { type Stock, StockSchema } from '@proxy/contract/schemas/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/db.ts';
import { answers } from '../../lib/panel.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { plansRepository } from '../content/index.ts';
import { freeStock } from '../farm/index.ts';

/** How long this process answers from memory. */
export const STOCK_CACHE_MS = 5_000;
const CACHE_CONTROL = 'public, max-age=10';

/** The stock and price list in a language, from this process's few-second cache. */
export type StockReader = (language: Language) => Promise<Stock>;

/**
 * One per process, shared by the API route and the home page's document (app.ts hands the same one to both), so a
 * home page view costs no query beyond what the API would have cost it a moment later.
 */
export function stockReader(
  db: Queryable,
  options: { readonly currency: Currency; readonly now?: () => number },
): StockReader {
  const plans = plansRepository(db);
  const now = options.now ?? Date.now;
  return shortCache(STOCK_CACHE_MS, async (language: Language): Promise<Stock> => {
    const [stock, prices] = await Promise.all([
      freeStock(db, new Date(now())),
      plans.priceList(options.currency, language),
    ]);
    return { stock, prices };
  });
}

export interface StockRoutesOptions {
  readonly stock: StockReader;
}

const stockRoutes: FastifyPluginAsync<StockRoutesOptions> = async (app, options) => {
  app.get('/api/stock/', { schema: { response: answers(StockSchema) } }, async (request, reply) => {
    const stock = await options.stock(request.language);
    reply.header('cache-control', CACHE_CONTROL);
    return stock;
  });
};

export default stockRoutes;
