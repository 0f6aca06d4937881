import { Typography } from 'antd';
import { Link } from 'react-router';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { panelSections } from './panel-menu.ts';
import styles from './PanelHomePage.module.css';

/** `/panel`: where staff land after signing in; lists the sections their permissions open. */
export function PanelHomePage() {
  const { t, language } = useT();
  const user = useAtomValue(userAtom);
  const sections = panelSections(user, language);
  return (
    <section>
      <Typography.Title level={2} className={styles.welcome}>
        {t('panel.welcome', { email: user?.email ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {sections.length > 0 ? t('panel.sectionsLead') : t('panel.noSections')}
      </Typography.Paragraph>
      <ul className={styles.sections}>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={section.to} className={styles.section}>
              {t(`panel.${section.id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
