import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryOf, readListParams, type ListDefinition, type ListParams } from '@proxy/contract/schemas/list-query';

/** Keys of the URL that belong to the screen rather than the list (the section's tab). */
const KEPT = ['tab'];

export interface ListParamsState<D extends ListDefinition> {
  readonly params: ListParams<D>;
  /** Changes some of the params; any change but the page itself goes back to page 1 (the old page may not exist). */
  readonly update: (changes: Partial<ListParams<D>>) => void;
}

/**
 * A list's search, filters, sort and page live in the URL (`?search=&published=true&ordering=-updated_at&page=2`),
 * in the same grammar the API reads, so a reload, the back button or a shared link shows the same list.
 */
export function useListParams<D extends ListDefinition>(definition: D): ListParamsState<D> {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL's text is the params' identity
  const params = useMemo(() => readListParams(definition, search), [definition, key]);

  function update(changes: Partial<ListParams<D>>) {
    const next: ListParams<D> = { ...params, ...changes, ...('page' in changes ? {} : { page: undefined }) };
    setSearch((current) => {
      const query = new URLSearchParams(listQueryOf(definition, next));
      for (const name of KEPT) {
        const value = current.get(name);
        if (value !== null) query.set(name, value);
      }
      return query;
    });
  }

  return { params, update };
}
