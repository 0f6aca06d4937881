import { useT } from '../i18n/use-t.ts';
import type { Loaded } from './use-loaded.ts';
import styles from './billing.module.css';

/** What a list says instead of rows: loading the first time, a failure with "Try again", or that it is empty. */
export function ListState({ loaded, empty }: { loaded: Loaded<unknown>; empty: string | undefined }) {
  const { t } = useT();
  if (loaded.failed) {
    return (
      <p className={styles.note} role="alert">
        <span>{t('loadFailed')}</span>
        <button type="button" className={styles.linkButton} onClick={loaded.retry}>
          {t('retry')}
        </button>
      </p>
    );
  }
  if (loaded.data === undefined) {
    return (
      <p className={styles.note} role="status">
        {t('loading')}
      </p>
    );
  }
  return empty ? <p className={styles.note}>{empty}</p> : null;
}
