import type { ReactNode } from 'react';
import type { DateRange } from '@proxy/contract/schemas/list-query';
import { useKitT } from './i18n/use-kit-t.ts';
import ui from './ui.module.css';

/**
 * A list's date-range filter (the contract's `date_range`): "from" and "to" dates, both inclusive, either may be
 * empty, under `legend`; then what follows them (a reset). `names` give each date its own accessible name where
 * "From" under the legend would not say enough ("Expires on or after").
 */
export function DateRangeFields({
  range,
  onChange,
  legend,
  names,
  children,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  legend?: string;
  names?: { readonly after: string; readonly before: string };
  children?: ReactNode;
}) {
  const { t } = useKitT();
  return (
    <fieldset className={ui.range}>
      {legend && <legend className={ui.fieldLabel}>{legend}</legend>}
      <label>
        <span>{t('dates.from')}</span>
        <input
          type="date"
          className={ui.input}
          value={range.after ?? ''}
          max={range.before}
          aria-label={names?.after}
          onChange={(event) => onChange({ ...range, after: event.target.value || undefined })}
        />
      </label>
      <label>
        <span>{t('dates.to')}</span>
        <input
          type="date"
          className={ui.input}
          value={range.before ?? ''}
          min={range.after}
          aria-label={names?.before}
          onChange={(event) => onChange({ ...range, before: event.target.value || undefined })}
        />
      </label>
      {children}
    </fieldset>
  );
}
