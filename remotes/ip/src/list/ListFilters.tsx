import { useState, type FormEvent } from 'react';
import type { ProxyChoices, ProxyListParams } from '@proxy/contract/schemas/proxies';
import { PROXY_STATES } from '@proxy/contract/schemas/proxies';
import { DateRangeFields, ui } from '@proxy/site-kit';
import { countryName, Flag, operatorName } from '@proxy/contract/countries';
import { useT } from '../i18n/use-t.ts';
import styles from './IpListPage.module.css';

type Filters = NonNullable<ProxyListParams['filters']>;

/** The orderings offered, in the order of the menu; the list asks for the first one when the URL names none. */
export const ORDERINGS = [
  'expires_at',
  '-expires_at',
  '-created_at',
  'created_at',
  'country',
  'operator',
  'comment',
] as const satisfies readonly NonNullable<ProxyListParams['ordering']>[];
export const DEFAULT_ORDERING = ORDERINGS[0];

/** The kit's phone breakpoint (spec §9, 599 px): there the filters start folded, the proxies come first. */
const PHONE = '(max-width: 599.98px)';

/** How many filters are set, for the folded block's button. */
const countSet = (filters: Filters): number =>
  (filters.status?.length ?? 0) +
  (filters.country?.length ?? 0) +
  (filters.operator?.length ?? 0) +
  (filters.days_left?.min !== undefined || filters.days_left?.max !== undefined ? 1 : 0) +
  (filters.expires?.after || filters.expires?.before ? 1 : 0);

/** A whole number typed into a range bound, or undefined while the field is empty (or not a number yet). */
const boundOf = (text: string) => (/^-?\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : undefined);

/**
 * Search, sort and the list's filters (spec §3's definitions: `list` for status, country and operator, `range` for
 * the days left, `date_range` for the expiry). Every change goes straight into the URL through `onChange`; only the
 * search waits for Enter, so typing does not send a request per letter. The filters fold behind a button (how many
 * are set on it), folded at first on a phone, where open they took ~750 px above the first proxy (#28).
 */
export function ListFilters({
  params,
  choices,
  onChange,
  onReset,
}: {
  params: ProxyListParams;
  choices: ProxyChoices | undefined;
  onChange: (next: Pick<ProxyListParams, 'search' | 'ordering' | 'filters'>) => void;
  onReset: (() => void) | undefined;
}) {
  const { t, language } = useT();
  const filters: Filters = params.filters ?? {};
  const [search, setSearch] = useState(params.search ?? '');
  // The URL changed under the field (a reset, the back button): show what it says now.
  const [shown, setShown] = useState(params.search ?? '');
  if (shown !== (params.search ?? '')) {
    setShown(params.search ?? '');
    setSearch(params.search ?? '');
  }
  const base = { search: params.search, ordering: params.ordering, filters: params.filters };
  const filter = (change: Partial<Filters>) => onChange({ ...base, filters: { ...filters, ...change } });
  const toggle = <T extends string>(list: readonly T[] | undefined, value: T, on: boolean): T[] =>
    on ? [...(list ?? []), value] : (list ?? []).filter((other) => other !== value);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...base, search: search.trim() || undefined });
  };
  const days = filters.days_left ?? {};
  const expires = filters.expires ?? {};
  const [open, setOpen] = useState(() => !window.matchMedia?.(PHONE).matches);
  const set = countSet(filters);

  return (
    <div className={styles.filters}>
      <div className={styles.topRow}>
        <form role="search" className={styles.search} onSubmit={submitSearch}>
          <label className={styles.grow}>
            <span className={ui.fieldLabel}>{t('filters.search')}</span>
            <input
              type="search"
              value={search}
              maxLength={200}
              placeholder={t('filters.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <button type="submit" className={ui.secondaryButton}>
            {t('filters.find')}
          </button>
        </form>
        <label>
          <span className={ui.fieldLabel}>{t('filters.sort')}</span>
          <select
            value={params.ordering ?? DEFAULT_ORDERING}
            onChange={(event) => onChange({ ...base, ordering: event.target.value as (typeof ORDERINGS)[number] })}
          >
            {ORDERINGS.map((ordering) => (
              <option key={ordering} value={ordering}>
                {t(`orderings.${ordering}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button
        type="button"
        className={styles.filtersToggle}
        aria-expanded={open}
        aria-controls="ip-filters"
        onClick={() => setOpen(!open)}
      >
        {set > 0 ? t('filters.toggleSet', { count: set }) : t('filters.title')}
      </button>
      <div id="ip-filters" className={styles.filterGroups} role="group" aria-label={t('filters.title')} hidden={!open}>
        <fieldset className={ui.chips}>
          <legend className={ui.fieldLabel}>{t('filters.status')}</legend>
          {PROXY_STATES.map((state) => (
            <label key={state} className={ui.chip}>
              <input
                type="checkbox"
                checked={filters.status?.includes(state) ?? false}
                onChange={(event) => filter({ status: toggle(filters.status, state, event.target.checked) })}
              />
              {t(`states.${state}`)}
            </label>
          ))}
        </fieldset>
        {choices && choices.countries.length > 0 && (
          <fieldset className={ui.chips}>
            <legend className={ui.fieldLabel}>{t('filters.country')}</legend>
            {choices.countries.map((country) => (
              <label key={country} className={ui.chip}>
                <input
                  type="checkbox"
                  checked={filters.country?.includes(country) ?? false}
                  onChange={(event) => filter({ country: toggle(filters.country, country, event.target.checked) })}
                />
                <Flag country={country} language={language} decorative />
                {countryName(country, language)}
              </label>
            ))}
          </fieldset>
        )}
        {choices && choices.operators.length > 0 && (
          <fieldset className={ui.chips}>
            <legend className={ui.fieldLabel}>{t('filters.operator')}</legend>
            {choices.operators.map((operator) => (
              <label key={operator} className={ui.chip}>
                <input
                  type="checkbox"
                  checked={filters.operator?.includes(operator) ?? false}
                  onChange={(event) => filter({ operator: toggle(filters.operator, operator, event.target.checked) })}
                />
                {operatorName({ operator, operator_ru: choices.operators_ru[operator] }, language)}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className={ui.range}>
          <legend className={ui.fieldLabel}>{t('filters.daysLeft')}</legend>
          <label>
            <span>{t('filters.from')}</span>
            <input
              type="number"
              inputMode="numeric"
              step={1}
              value={days.min ?? ''}
              aria-label={t('filters.daysLeftMin')}
              onChange={(event) => filter({ days_left: { ...days, min: boundOf(event.target.value) } })}
            />
          </label>
          <label>
            <span>{t('filters.to')}</span>
            <input
              type="number"
              inputMode="numeric"
              step={1}
              value={days.max ?? ''}
              aria-label={t('filters.daysLeftMax')}
              onChange={(event) => filter({ days_left: { ...days, max: boundOf(event.target.value) } })}
            />
          </label>
        </fieldset>
        <DateRangeFields
          legend={t('filters.expires')}
          names={{ after: t('filters.expiresAfter'), before: t('filters.expiresBefore') }}
          range={expires}
          onChange={(range) => filter({ expires: range })}
        />
        {onReset && (
          <button type="button" className={ui.linkButton} onClick={onReset}>
            {t('filters.reset')}
          </button>
        )}
      </div>
    </div>
  );
}
