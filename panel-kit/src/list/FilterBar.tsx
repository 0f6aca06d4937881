import { useId, useState } from 'react';
import { Input, Select } from 'antd';
import { decimalText, readDecimalText } from '@proxy/contract/money';
import type {
  DateRange,
  FilterDefinition,
  ListDefinition,
  ListParams,
  NumberRange,
} from '@proxy/contract/schemas/list-query';
import { numberProblemText } from '../fields/number-problem.ts';
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
          return (
            <span key={name} className={styles.range} role="group" aria-label={label}>
              <span className={styles.rangeLabel} aria-hidden="true">
                {label}
              </span>
              {(['min', 'max'] as const).map((bound) => (
                <RangeBound
                  key={bound}
                  label={t('list.rangeOf', { label, bound: t(`list.${bound}`) })}
                  placeholder={t(`list.${bound}`)}
                  scale={scale}
                  value={range[bound]}
                  onValue={(value) => setFilter(name, { ...range, [bound]: value })}
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

/**
 * One bound of a `range` filter, typed in either language by the number fields' rule: "150,5" and "150.5" are 150.5
 * (#49: an InputNumber read "150,5" as 1505), sent times `scale`. Text it could misread ("1.000,5", a third decimal
 * of roubles) leaves the filter as it was and says why beside the box, rather than filtering by a guess.
 */
function RangeBound({
  label,
  placeholder,
  scale,
  value,
  onValue,
}: {
  label: string;
  placeholder: string;
  scale: number;
  value: number | undefined;
  onValue: (value: number | undefined) => void;
}) {
  const { t, language } = useKitT();
  const errorId = useId();
  // Said once the box is left, as the form fields do, not at "150," halfway through typing "150,5".
  const [left, setLeft] = useState(false);
  const decimals = Math.max(0, Math.round(Math.log10(scale)));
  // What was typed, and the filter's value it was typed against: shown while the filter still has that value, so a
  // refused text stays to be fixed; a filter changed elsewhere (the URL, a reset) shows the new value instead.
  const [typed, setTyped] = useState<{ text: string; against: number | undefined } | null>(null);
  const text =
    typed && typed.against === value ? typed.text : value === undefined ? '' : decimalText(value / scale, language);
  const outcome = text.trim() === '' ? null : readDecimalText(text, { decimals, signed: true });
  const error = left && outcome && 'problem' in outcome ? numberProblemText(t, outcome.problem, decimals) : undefined;
  return (
    <>
      <Input
        placeholder={placeholder}
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        status={error ? 'error' : undefined}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        onBlur={() => setLeft(true)}
        onChange={(event) => {
          const next = event.target.value;
          const read = next.trim() === '' ? null : readDecimalText(next, { decimals, signed: true });
          const sent = read === null ? undefined : 'value' in read ? Math.round(read.value * scale) : value;
          setTyped({ text: next, against: sent });
          if (sent !== value) onValue(sent);
        }}
      />
      {error && (
        <span id={errorId} className={styles.rangeError} role="alert">
          {error}
        </span>
      )}
    </>
  );
}
