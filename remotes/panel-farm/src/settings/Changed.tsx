import { formatMoment } from '../format.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './settings.module.css';

/** Who changed a setting last and when; "never changed" before anyone did. */
export function Changed({ by, at }: { by: string | null; at: string | null }) {
  const { t, language } = useT();
  return (
    <p className={styles.changed}>
      {at === null
        ? t('settings.neverChanged')
        : t('settings.changed', { who: by ?? t('settings.someone'), when: formatMoment(at, language) })}
    </p>
  );
}
