import { useT } from '../i18n/use-t.ts';
import styles from './Footer.module.css';

/** The footer of spec §1: the tagline and a copyright line with the current year. */
export function Footer() {
  const { t } = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.tagline}>{t('footer.tagline')}</p>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
