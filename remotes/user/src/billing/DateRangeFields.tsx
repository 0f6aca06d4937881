import type { ReactNode } from 'react';
import type { DateRange } from '@proxy/contract/schemas/list-query';
import { useT } from '../i18n/use-t.ts';
import styles from './billing.module.css';

/** "From" and "To" dates of a list's date-range filter (both inclusive, either may be empty), and what follows them. */
export function DateRangeFields({
  range,
  onChange,
  children,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className={styles.dates}>
      <label className={styles.dateField}>
        <span className={styles.filterLabel}>{t('filters.from')}</span>
        <input
          type="date"
          value={range.after ?? ''}
          max={range.before}
          onChange={(event) => onChange({ ...range, after: event.target.value || undefined })}
        />
      </label>
      <label className={styles.dateField}>
        <span className={styles.filterLabel}>{t('filters.to')}</span>
        <input
          type="date"
          value={range.before ?? ''}
          min={range.after}
          onChange={(event) => onChange({ ...range, before: event.target.value || undefined })}
        />
      </label>
      {children}
    </div>
  );
}
