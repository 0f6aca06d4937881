import { Link } from 'react-router';
import { localizePath } from '@proxy/contract/languages';
import { paths } from '@proxy/contract/routes';
import { footerAtom, siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import styles from './Footer.module.css';

/**
 * The footer of spec §1: the tagline, the pages staff placed in the footer and the API reference, and a copyright line
 * with the year.
 */
export function Footer() {
  const { t, language } = useT();
  const links = useAtomValue(footerAtom);
  const siteName = useAtomValue(siteNameAtom);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.tagline}>{t('footer.tagline')}</p>
        <nav aria-label={t('footer.links')}>
          <ul className={styles.links}>
            {links.map((item) => (
              <li key={item.link}>
                <Link to={localizePath(item.link, language)} className={styles.link}>
                  {item.name}
                </Link>
              </li>
            ))}
            {/* The customer API's reference is public: developers choosing a provider look for it before signing up. */}
            <li>
              <Link to={paths.apiDocs(language)} className={styles.link}>
                {t('footer.api')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
      </div>
    </footer>
  );
}
