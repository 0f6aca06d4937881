/**
 * DRF's PageNumberPagination (`?page=&page_size=`), with its edge cases kept because clients rely on them:
 * a bad or out-of-range page is a 404 `Invalid page.`, `page=last` is the last page, a bad `page_size` falls back to
 * the default and a big one is capped, page 1 of an empty list is fine, `previous` of page 2 has no `page` param.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paginated } from '@proxy/contract/api/pagination';
import { COMMON_REFUSALS } from './refusal.ts';

export interface PageQuery {
  readonly page?: string | undefined;
  readonly page_size?: string | undefined;
}

const POSITIVE_INT = /^\s*\+?\d+\s*$/;

export function pageSizeOf(query: PageQuery): number {
  const raw = query.page_size;
  if (raw === undefined || !POSITIVE_INT.test(raw)) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

export interface PageWindow {
  readonly page: number;
  readonly pageSize: number;
  readonly limit: number;
  readonly offset: number;
}

/** Turns the query and the total count into the rows to fetch; a bad page is refused (404 `Invalid page.`). */
export function pageWindow(query: PageQuery, count: number): PageWindow {
  const pageSize = pageSizeOf(query);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const raw = query.page ?? '1';
  let page: number;
  if (raw === 'last') page = pages;
  else if (POSITIVE_INT.test(raw)) page = Number(raw);
  else throw COMMON_REFUSALS.invalidPage();
  if (page < 1 || page > pages) throw COMMON_REFUSALS.invalidPage();
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The envelope, with absolute `next`/`previous` links built on the public URL and the request's own query. */
export function paginate<T>(
  rows: readonly T[],
  count: number,
  window: PageWindow,
  requestUrl: string,
  publicUrl: string,
): Paginated<T> {
  const pages = Math.max(1, Math.ceil(count / window.pageSize));
  const link = (page: number | null): string => {
    const url = new URL(requestUrl, `${publicUrl}/`);
    if (page === null) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  return {
    count,
    next: window.page < pages ? link(window.page + 1) : null,
    previous: window.page > 1 ? link(window.page === 2 ? null : window.page - 1) : null,
    results: rows,
  };
}

/** JSON schema of the envelope for a route's response, around the items' schema. */
export function paginatedSchema(itemSchema: object): object {
  return {
    type: 'object',
    required: ['count', 'next', 'previous', 'results'],
    properties: {
      count: { type: 'integer' },
      next: { type: ['string', 'null'] },
      previous: { type: ['string', 'null'] },
      results: { type: 'array', items: itemSchema },
    },
  };
}

/**
 * A list route's answer: the window the query asks for (a bad page: 404 `Invalid page.`, as DRF) and DRF's envelope
 * around the rows `load` fetches for it.
 */
export async function answerPage<T>(
  request: { readonly query: PageQuery; readonly url: string },
  publicUrl: string,
  count: number,
  load: (window: PageWindow) => Promise<readonly T[]>,
): Promise<Paginated<T>> {
  const window = pageWindow(request.query, count);
  return paginate(await load(window), count, window, request.url, publicUrl);
}
