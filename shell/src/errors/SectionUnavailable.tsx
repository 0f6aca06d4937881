import { useT } from '../i18n/use-t.ts';
import styles from './SectionUnavailable.module.css';

/** Shown in place of a section whose remote cannot be loaded; the layout around it keeps working. */
export function SectionUnavailable() {
  const { t } = useT();
  return (
    <section className={styles.box} role="alert">
      <h1 className={styles.title}>{t('section.unavailableTitle')}</h1>
      <p className={styles.text}>{t('section.unavailableText')}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {t('section.retry')}
      </button>
    </section>
  );
}
