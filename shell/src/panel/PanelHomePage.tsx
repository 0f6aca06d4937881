import { useEffect, useState } from 'react';
import { Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Paginated } from '@proxy/contract/api/pagination';
import { PANEL_SECTION_SOURCES } from '@proxy/contract/panel-sections';
import { alertKindsFor } from '@proxy/contract/schemas/dashboard';
import type { PanelSectionId } from '@proxy/contract/routes';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { currentDeployment, isDeployed } from '../federation/remotes.ts';
import { usePanelT } from './use-panel-t.ts';
import { panelSections } from './panel-menu.ts';
import { SECTION_ICONS } from './section-icons.tsx';
import { AlertsPanel } from './dashboard/AlertsPanel.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import styles from './PanelHomePage.module.css';

type Counts = Partial<Record<PanelSectionId, number>>;

/**
 * The number of entries in each deployed section's main list (one row asked for, the `count` read; a short list the
 * panel orders by hand comes whole, and its length is the count), fetched when the home opens; a section whose count
 * cannot be had simply shows none.
 */
function useSectionCounts(ids: readonly PanelSectionId[]): Counts {
  const [counts, setCounts] = useState<Counts>({});
  const key = ids.join();
  useEffect(() => {
    const controller = new AbortController();
    for (const id of ids) {
      const { list } = PANEL_SECTION_SOURCES[id];
      api.request<Paginated<unknown> | unknown[]>(list, { query: { page_size: 1 }, signal: controller.signal }).then(
        (answer) =>
          setCounts((current) => ({ ...current, [id]: Array.isArray(answer) ? answer.length : answer.count })),
        () => undefined,
      );
    }
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' text is their identity
  }, [key]);
  return counts;
}

/**
 * `/panel`: where staff land after signing in. The overview: the operations dashboard's widgets their permissions
 * cover (#33), then each section they open, with what it is for and how many entries it holds, or that this site
 * does not have it yet. The alerts tab (`?tab=alerts`, for staff who may follow any kind): thresholds, their own
 * e-mail subscription and the incident history, which the machinery figures link to.
 */
export function PanelHomePage() {
  const { t } = usePanelT();
  const user = useAtomValue(userAtom);
  const [search, setSearch] = useSearchParams();
  const overview = <Overview />;
  if (alertKindsFor(user).length === 0) return overview;
  const tab = search.get('tab') === 'alerts' ? 'alerts' : 'overview';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearch(key === 'alerts' ? { tab: key } : {})}
      items={[
        { key: 'overview', label: t('tabs.overview'), children: overview },
        { key: 'alerts', label: t('tabs.alerts'), children: <AlertsPanel /> },
      ]}
    />
  );
}

function Overview() {
  const { t, language } = usePanelT();
  const user = useAtomValue(userAtom);
  const sections = panelSections(user, language);
  const deployed = sections.filter((section) =>
    isDeployed(currentDeployment(), PANEL_SECTION_SOURCES[section.id].remote),
  );
  const counts = useSectionCounts(deployed.map((section) => section.id));
  const plural = new Intl.PluralRules(language);
  return (
    <section>
      <Typography.Title level={2} className={styles.welcome}>
        {t('welcome', { email: user?.email ?? '' })}
      </Typography.Title>
      <Dashboard />
      <Typography.Paragraph type="secondary">
        {sections.length > 0 ? t('sectionsLead') : t('noSections')}
      </Typography.Paragraph>
      <ul className={styles.sections}>
        {sections.map((section) => {
          const count = counts[section.id];
          const here = deployed.includes(section);
          return (
            <li key={section.id}>
              <Link to={section.to} className={styles.section}>
                <span className={styles.name}>
                  {SECTION_ICONS[section.id]} {t(`${section.id}`)}
                </span>
                <span className={styles.purpose}>{t(`purpose.${section.id}`)}</span>
                <span className={styles.count}>
                  {!here
                    ? t('notDeployed')
                    : count === undefined
                      ? '\u00a0'
                      : t(`count.${plural.select(count) as 'one' | 'few' | 'many' | 'other'}`, { count })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
