import { useT } from '../i18n/use-t.ts';
import styles from './SectionUnavailable.module.css';

/**
 * Shown in place of a section whose remote cannot be loaded, or (`notDeployed`) that this site does not deploy;
 * the layout around it keeps working.
 */
export function SectionUnavailable({ notDeployed = false }: { notDeployed?: boolean }) {
  const { t } = useT();
  return (
    <section className={styles.box} role="alert">
      <h1 className={styles.title}>{t(notDeployed ? 'section.notDeployedTitle' : 'section.unavailableTitle')}</h1>
      <p className={styles.text}>{t(notDeployed ? 'section.notDeployedText' : 'section.unavailableText')}</p>
      {!notDeployed && (
        <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
          {t('section.retry')}
        </button>
      )}
    </section>
  );
}
