import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { useT } from '../i18n/use-t.ts';
import styles from './HomePage.module.css';

/** The home page's hero and highlights; the content-managed blocks (plans, FAQ, video, news) build on this. */
export function HomePage() {
  const { t, language } = useT();
  const features = [
    { title: t('home.features.privateTitle'), text: t('home.features.privateText') },
    { title: t('home.features.rotateTitle'), text: t('home.features.rotateText') },
    { title: t('home.features.protocolsTitle'), text: t('home.features.protocolsText') },
  ];
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.title}>{t('home.title')}</h1>
          <p className={styles.lead}>{t('home.lead')}</p>
          <div className={styles.actions}>
            <Link to={paths.page('about', language)} className={styles.primary}>
              {t('home.ctaPrimary')}
            </Link>
            <Link to={paths.page('faq', language)} className={styles.secondary}>
              {t('home.ctaSecondary')}
            </Link>
          </div>
        </div>
      </section>
      <section id="features" className={styles.features} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.featuresTitle}>
          {t('home.featuresTitle')}
        </h2>
        <ul className={styles.featureList}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
