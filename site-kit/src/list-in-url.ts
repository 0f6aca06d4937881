import { useSearchParams } from 'react-router';
import {
  filterKeys,
  listQueryOf,
  readListParams,
  type ListDefinition,
  type ListParams,
} from '@proxy/contract/schemas/list-query';

/**
 * `current` with the list's keys (search, ordering, page, page size, its filters' keys, each after `prefix`)
 * replaced by `next`'s; the rest of the URL (another list's keys, a campaign tag) stays.
 */
export function listSearch<D extends ListDefinition>(
  definition: D,
  current: URLSearchParams,
  next: ListParams<D>,
  prefix = '',
): URLSearchParams {
  const keys = [
    'search',
    'ordering',
    'page',
    'page_size',
    ...Object.entries(definition.filters).flatMap(([name, filter]) => filterKeys(name, filter)),
  ];
  const url = new URLSearchParams(current);
  for (const key of keys) url.delete(prefix + key);
  for (const [key, value] of Object.entries(listQueryOf(definition, next))) url.set(prefix + key, value);
  return url;
}

/**
 * A list's query (search, filters, ordering, page) kept in the page's URL in the API's own grammar, so a filtered
 * view survives a reload and can be shared. `prefix` keeps two lists on one page apart (`orders_page` beside the
 * ledger's `page`); the API gets the keys without it. `update` replaces the list's part of the URL without scrolling
 * the page; `hrefOf` is the same as a link's `?query`.
 */
export function useListInUrl<D extends ListDefinition>(definition: D, prefix = '') {
  const [search, setSearch] = useSearchParams();
  const own: Record<string, string> = {};
  for (const [key, value] of search) if (key.startsWith(prefix)) own[key.slice(prefix.length)] = value;
  return {
    params: readListParams(definition, own),
    update: (next: ListParams<D>) =>
      setSearch((current) => listSearch(definition, current, next, prefix), { preventScrollReset: true }),
    hrefOf: (next: ListParams<D>) => `?${listSearch(definition, search, next, prefix).toString()}`,
  };
}
