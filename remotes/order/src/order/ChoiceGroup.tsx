import type { ReactNode } from 'react';
import styles from './OrderForm.module.css';

export interface ChoiceOption {
  readonly value: string;
  readonly label: ReactNode;
  /** A second line: the free modems, or the price of a period. */
  readonly detail: string;
  readonly disabled?: boolean;
}

/**
 * One choice of the order as a group of radio buttons drawn as chips: a fieldset with its legend (a screen reader
 * names the group), arrow keys move within it as in any radio group, and an option that cannot be ordered is
 * disabled rather than hidden, so the customer sees it is sold out.
 */
export function ChoiceGroup({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: readonly ChoiceOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const errorId = `order-${name}-error`;
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.chips}>
        {options.map((option) => (
          <label key={option.value} className={styles.chip} data-disabled={option.disabled ? '' : undefined}>
            <input
              type="radio"
              className={styles.chipInput}
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.chipLabel}>{option.label}</span>
            <span className={styles.chipDetail}>{option.detail}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
