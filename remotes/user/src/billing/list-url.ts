import type { SetURLSearchParams } from 'react-router';
import {
  filterKeys,
  type ListDefinition,
  type ListParams,
  listQueryOf,
  readListParams,
} from '@proxy/contract/schemas/list-query';

/**
 * A list's query (filters, ordering, page) kept in the page's URL under its own `prefix`, so that two lists on one
 * page do not share `page` or `created_after`; the rest of the URL stays. The API gets the keys without the prefix.
 */
export function readListInUrl<D extends ListDefinition>(definition: D, search: URLSearchParams, prefix = '') {
  const own: Record<string, string> = {};
  for (const [key, value] of search) if (key.startsWith(prefix)) own[key.slice(prefix.length)] = value;
  return readListParams(definition, own);
}

/** Puts `next` in the URL in place of the list's previous query (without scrolling the page). */
export function writeListInUrl<D extends ListDefinition>(
  setSearch: SetURLSearchParams,
  definition: D,
  next: ListParams<D>,
  prefix = '',
) {
  const keys = [
    'search',
    'ordering',
    'page',
    'page_size',
    ...Object.entries(definition.filters).flatMap(([name, filter]) => filterKeys(name, filter)),
  ];
  setSearch(
    (current) => {
      const url = new URLSearchParams(current);
      for (const key of keys) url.delete(prefix + key);
      for (const [key, value] of Object.entries(listQueryOf(definition, next))) url.set(prefix + key, value);
      return url;
    },
    { preventScrollReset: true },
  );
}
