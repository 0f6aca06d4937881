import { Input, InputNumber, Select } from 'antd';
import type {
  DateRange,
  FilterDefinition,
  ListDefinition,
  ListParams,
  NumberRange,
} from '@proxy/contract/schemas/list-query';
import { useKitT } from '../i18n/use-kit-t.ts';
import styles from './lists.module.css';

/** What a filter is called, and for a `list` filter what each choice is called. */
export type FilterLabels<D extends ListDefinition> = {
  readonly [K in keyof D['filters']]: {
    readonly label: string;
    /** A `list` filter's choice → its name; a `values` filter's known values → their names (the section lists them). */
    readonly choices?: Readonly<Record<string, string>>;
    /** An `ids` filter's rows, id → name (the section loads them); an id without a name shows as `#id`. */
    readonly rows?: Readonly<Record<number, string>>;
    /** A `list` filter that takes one choice at a time (a status), with an "all" entry; otherwise any of them. */
    readonly single?: boolean;
    /**
     * A `range` filter typed in larger units than the API counts in: the URL and the API get the typed number times
     * `scale` (money typed in roubles, sent in kopecks: 100), with as many decimals as the scale allows.
     */
    readonly scale?: number;
    /** A filter the screen sets itself and the user does not choose (a customer's own invoices on their page). */
    readonly hidden?: boolean;
  };
};

/**
 * The controls of a list's filters, one per definition: a select for `list`, `ids` and `values`, two numbers for `range`, two
 * dates for `date_range`. Each change goes to the URL (and so to the API) at once.
 */
export function FilterBar<D extends ListDefinition>({
  definition,
  labels,
  params,
  update,
}: {
  definition: D;
  labels: FilterLabels<D>;
  params: ListParams<D>;
  update: (changes: Partial<ListParams<D>>) => void;
}) {
  const { t } = useKitT();
  const values = (params.filters ?? {}) as Record<string, unknown>;
  const setFilter = (name: string, value: unknown) =>
    update({ filters: { ...values, [name]: value } } as Partial<ListParams<D>>);

  return (
    <>
      {Object.entries(definition.filters).map(([name, filter]: [string, FilterDefinition]) => {
        const { label, choices = {}, rows = {}, single, scale = 1, hidden } = labels[name] as FilterLabels<D>[string];
        if (hidden) return null;
        if (filter.type === 'ids' || filter.type === 'values') {
          // Rows of another resource by id, or values the data holds by themselves: any of them, with the names the
          // section gives (`rows`, `choices`); a selected one it does not name shows as itself.
          const selected = (values[name] as readonly (number | string)[] | undefined) ?? [];
          const named: Readonly<Record<string | number, string>> = filter.type === 'ids' ? rows : choices;
          const known = filter.type === 'ids' ? Object.keys(rows).map(Number) : Object.keys(choices);
          const nameOf = (value: number | string) =>
            named[value] ?? (filter.type === 'ids' ? `#${value}` : String(value));
          return (
            <Select
              key={name}
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              className={styles.filter}
              aria-label={label}
              placeholder={label}
              value={[...selected]}
              onChange={(value: (number | string)[]) => setFilter(name, value.length > 0 ? value : undefined)}
              options={[...new Set([...known, ...selected])].map((value) => ({ value, label: nameOf(value) }))}
            />
          );
        }
        if (filter.type === 'list') {
          const options = filter.choices.map((value) => ({ value, label: choices[value] ?? value }));
          const selected = (values[name] as readonly string[] | undefined) ?? [];
          return single ? (
            <Select
              key={name}
              className={styles.filter}
              aria-label={label}
              value={selected[0] ?? ''}
              onChange={(value: string) => setFilter(name, value ? [value] : undefined)}
              options={[{ value: '', label: t('list.all') }, ...options]}
              // Closed, the select says what it filters as well as the choice: "Active: All", not a bare "All".
              labelRender={(option) => t('list.chosen', { label, value: String(option.label) })}
            />
          ) : (
            <Select
              key={name}
              mode="multiple"
              allowClear
              className={styles.filter}
              aria-label={label}
              placeholder={label}
              value={[...selected]}
              onChange={(value: string[]) => setFilter(name, value.length > 0 ? value : undefined)}
              options={options}
            />
          );
        }
        if (filter.type === 'range') {
          const range = (values[name] as NumberRange | undefined) ?? {};
          const set = (bound: keyof NumberRange, value: number | null) =>
            setFilter(name, { ...range, [bound]: value === null ? undefined : Math.round(value * scale) });
          const shown = (value: number | undefined) => (value === undefined ? null : value / scale);
          return (
            <span key={name} className={styles.range} role="group" aria-label={label}>
              <span className={styles.rangeLabel} aria-hidden="true">
                {label}
              </span>
              {(['min', 'max'] as const).map((bound) => (
                <InputNumber
                  key={bound}
                  precision={Math.max(0, Math.round(Math.log10(scale)))}
                  placeholder={t(`list.${bound}`)}
                  aria-label={t('list.rangeOf', { label, bound: t(`list.${bound}`) })}
                  value={shown(range[bound])}
                  onChange={(value) => set(bound, value)}
                />
              ))}
            </span>
          );
        }
        const range = (values[name] as DateRange | undefined) ?? {};
        return (
          <span key={name} className={styles.range} role="group" aria-label={label}>
            {/* Date inputs have no placeholder: the filter's name is written beside them. */}
            <span className={styles.rangeLabel} aria-hidden="true">
              {label}
            </span>
            {(['after', 'before'] as const).map((bound) => {
              const word = t(bound === 'after' ? 'list.from' : 'list.to');
              return (
                <Input
                  key={bound}
                  type="date"
                  aria-label={t('list.rangeOf', { label, bound: word })}
                  value={range[bound] ?? ''}
                  onChange={(event) => setFilter(name, { ...range, [bound]: event.target.value || undefined })}
                />
              );
            })}
          </span>
        );
      })}
    </>
  );
}
