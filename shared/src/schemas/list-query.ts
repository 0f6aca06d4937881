import * as v from 'valibot';

/**
 * The query every list endpoint takes (DRF + django-filter conventions), written once per list and read by the
 * server's route, the API client and the panel's URL alike:
 *
 * - `?search=` free text, `?ordering=field` or `-field`, `?page=` (a number or `last`), `?page_size=`;
 * - the spec's filter definitions: `list` (`?status=active,expired`, any of the choices), `range`
 *   (`?balance_min=&balance_max=`, whole numbers — money is in minor units) and `date_range`
 *   (`?date_joined_after=&date_joined_before=`, `YYYY-MM-DD`, both ends inclusive);
 * - `ids`, a `list` whose choices are rows of another resource (`?method=3,5`): row ids, named by the client;
 * - `values`, a `list` whose choices are whatever the data holds (`?country=RU,KZ`, an operator's name): free texts
 *   of up to 100 characters without commas, which the client names from what the server lists.
 */

export type FilterDefinition =
  | { readonly type: 'list'; readonly choices: readonly string[] }
  | { readonly type: 'ids' }
  | { readonly type: 'values' }
  | { readonly type: 'range' }
  | { readonly type: 'date_range' };

export interface ListDefinition {
  /** Fields `?ordering=` accepts; `-field` reverses. */
  readonly orderings: readonly string[];
  readonly filters: Readonly<Record<string, FilterDefinition>>;
}

/** Keeps the literal types of a list's definition (its orderings and choices type the parsed query). */
export const defineList = <const D extends ListDefinition>(definition: D): D => definition;

export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
}
export interface DateRange {
  /** `YYYY-MM-DD`, inclusive. */
  readonly after?: string;
  /** `YYYY-MM-DD`, inclusive. */
  readonly before?: string;
}

type FilterValue<F extends FilterDefinition> = F extends { type: 'list'; choices: readonly (infer C)[] }
  ? readonly C[]
  : F extends { type: 'ids' }
    ? readonly number[]
    : F extends { type: 'values' }
      ? readonly string[]
      : F extends { type: 'range' }
        ? NumberRange
        : DateRange;

export type Ordering<D extends ListDefinition> = D['orderings'][number] | `-${D['orderings'][number]}`;

/** A list query as code reads and writes it: filters parsed, absent ones left out. */
export interface ListParams<D extends ListDefinition> {
  readonly search?: string;
  readonly ordering?: Ordering<D>;
  readonly page?: number;
  readonly page_size?: number;
  readonly filters?: { readonly [K in keyof D['filters']]?: FilterValue<D['filters'][K]> };
}

export const SEARCH_MAX_LENGTH = 200;
/** The grammar of a `range` bound and of a `date_range` bound (the server words a mismatch after which it was). */
export const WHOLE_NUMBER = /^-?\d{1,15}$/;
/** A row id as `ids` filters take it (PostgreSQL's integer). */
export const ROW_ID = /^[1-9]\d{0,9}$/;
export const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The query-string keys one filter uses. */
export function filterKeys(name: string, filter: FilterDefinition): readonly string[] {
  if (filter.type === 'list' || filter.type === 'ids' || filter.type === 'values') return [name];
  return filter.type === 'range' ? [`${name}_min`, `${name}_max`] : [`${name}_after`, `${name}_before`];
}

/**
 * The raw query as it arrives (every value a string), for the server's request validation: a value outside its
 * filter's grammar is a 400 on that key. `page` and `page_size` stay strings: DRF answers a bad page with a 404
 * `Invalid page.` and a bad size with the default, which the pagination applies.
 */
export function listQuerySchema<D extends ListDefinition>(definition: D) {
  const filterEntries = Object.entries(definition.filters).flatMap(([name, filter]) => {
    if (filter.type === 'list') {
      const choice = `(?:${filter.choices.map(escapeRegExp).join('|')})`;
      return [[name, v.optional(v.pipe(v.string(), v.regex(new RegExp(`^${choice}(?:,${choice})*$`))))] as const];
    }
    if (filter.type === 'ids') {
      const id = ROW_ID.source.slice(1, -1);
      return [[name, v.optional(v.pipe(v.string(), v.regex(new RegExp(`^${id}(?:,${id}){0,99}$`))))] as const];
    }
    if (filter.type === 'values') {
      return [[name, v.optional(v.pipe(v.string(), v.regex(/^[^,]{1,100}(?:,[^,]{1,100}){0,99}$/)))] as const];
    }
    const pattern = filter.type === 'range' ? WHOLE_NUMBER : DATE;
    return filterKeys(name, filter).map((key) => [key, v.optional(v.pipe(v.string(), v.regex(pattern)))] as const);
  });
  return v.object({
    search: v.optional(v.pipe(v.string(), v.maxLength(SEARCH_MAX_LENGTH))),
    ordering: v.optional(v.picklist(definition.orderings.flatMap((field) => [field, `-${field}`]))),
    page: v.optional(v.string()),
    page_size: v.optional(v.string()),
    ...Object.fromEntries(filterEntries),
  });
}

type Lookup = (key: string) => string | null | undefined;

function listValues(raw: string | null | undefined, choices: readonly string[]): string[] | undefined {
  if (!raw) return undefined;
  const values = [...new Set(raw.split(','))].filter((value) => choices.includes(value));
  return values.length > 0 ? values : undefined;
}

function idValues(raw: string | null | undefined): number[] | undefined {
  if (!raw) return undefined;
  const ids = [...new Set(raw.split(','))].filter((value) => ROW_ID.test(value) && Number(value) <= 2_147_483_647);
  return ids.length > 0 ? ids.slice(0, 100).map(Number) : undefined;
}

function freeValues(raw: string | null | undefined): string[] | undefined {
  if (!raw) return undefined;
  const values = [...new Set(raw.split(','))].filter((value) => value.length > 0 && value.length <= 100);
  return values.length > 0 ? values.slice(0, 100) : undefined;
}

const wholeNumber = (raw: string | null | undefined) => (raw && WHOLE_NUMBER.test(raw) ? Number(raw) : undefined);
const date = (raw: string | null | undefined) => (raw && DATE.test(raw) ? raw : undefined);
const positive = (raw: string | null | undefined) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

function compact<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}

/**
 * Reads a query (a URL's search params, or the server's validated query object) into typed params. Values that do
 * not fit their filter are dropped rather than refused: a hand-edited panel URL still opens the list.
 */
export function readListParams<D extends ListDefinition>(
  definition: D,
  query: URLSearchParams | Readonly<Record<string, string | undefined>>,
): ListParams<D> {
  const get: Lookup = query instanceof URLSearchParams ? (key) => query.get(key) : (key) => query[key];
  const filters: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(definition.filters)) {
    const [first, second] = filterKeys(name, filter) as [string, string | undefined];
    const value =
      filter.type === 'list'
        ? listValues(get(first), filter.choices)
        : filter.type === 'ids'
          ? idValues(get(first))
          : filter.type === 'values'
            ? freeValues(get(first))
            : filter.type === 'range'
              ? compact({ min: wholeNumber(get(first)), max: wholeNumber(get(second ?? '')) })
              : compact({ after: date(get(first)), before: date(get(second ?? '')) });
    if (value !== undefined) filters[name] = value;
  }
  const ordering = get('ordering') ?? '';
  const search = get('search')?.trim().slice(0, SEARCH_MAX_LENGTH);
  return (
    compact({
      search: search || undefined,
      ordering: definition.orderings.includes(ordering.replace(/^-/, '')) ? (ordering as Ordering<D>) : undefined,
      page: positive(get('page')),
      page_size: positive(get('page_size')),
      filters: compact(filters) as ListParams<D>['filters'],
    }) ?? {}
  );
}

/** The query-string form of typed params: what the API client sends and the panel puts in its URL. */
export function listQueryOf<D extends ListDefinition>(definition: D, params: ListParams<D>): Record<string, string> {
  const query: Record<string, string> = {};
  if (params.search) query.search = params.search;
  if (params.ordering) query.ordering = params.ordering;
  if (params.page) query.page = String(params.page);
  if (params.page_size) query.page_size = String(params.page_size);
  const filters = (params.filters ?? {}) as Record<string, unknown>;
  for (const [name, filter] of Object.entries(definition.filters)) {
    const value = filters[name];
    if (value === undefined) continue;
    const [first, second] = filterKeys(name, filter) as [string, string];
    if (filter.type === 'list' || filter.type === 'ids' || filter.type === 'values') {
      const values = value as readonly (string | number)[];
      if (values.length > 0) query[first] = values.join(',');
    } else {
      const [low, high] =
        filter.type === 'range'
          ? [(value as NumberRange).min, (value as NumberRange).max]
          : [(value as DateRange).after, (value as DateRange).before];
      if (low !== undefined) query[first] = String(low);
      if (high !== undefined) query[second] = String(high);
    }
  }
  return query;
}
