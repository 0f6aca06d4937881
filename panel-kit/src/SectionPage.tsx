import type { ReactNode } from 'react';
import { ConfigProvider, Tabs, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '@proxy/contract/permissions';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import styles from './layout.module.css';

/**
 * The panel's theme (the shell's ConfigProvider) with a darker red: antd's error red (#ff4d4f) on white is 3.3:1,
 * under WCAG AA's 4.5:1, and every section shows it on Delete buttons and field errors; placeholders darker too.
 * Nested providers merge with the shell's theme and keep its locale.
 */
const THEME = {
  token: {
    colorError: '#c42b1c',
    colorErrorHover: '#a3231a',
    colorErrorActive: '#8a1d16',
    colorErrorText: '#c42b1c',
    // A multiple-choice filter shows its name as the select's placeholder (ids filters always do): antd's 25 % black
    // is 1.9:1 on white; 60 % is 5.7:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
  // An empty list's text ("No promo codes found") is in the table's disabled grey, 1.9:1: readable instead.
  components: { Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' } },
};

/** One screen of a panel section: the theme, an optional link back to the list, the title and what sits beside it. */
export function SectionPage({
  title,
  back,
  aside,
  children,
}: {
  title: ReactNode;
  back?: { readonly href: string; readonly label: string };
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ConfigProvider theme={THEME}>
      <section>
        {back && (
          <Link to={back.href} className={styles.back}>
            {back.label}
          </Link>
        )}
        <div className={styles.header}>
          <Typography.Title level={1}>{title}</Typography.Title>
          {aside}
        </div>
        {children}
      </section>
    </ConfigProvider>
  );
}

/** One tab of `SectionTabs`; with `view`, shown only to those who hold that permission (who may read its list). */
export interface SectionTab {
  readonly key: string;
  readonly label: string;
  readonly view?: string;
  readonly render: () => ReactNode;
}

/**
 * A section's lists in tabs whose choice lives in the URL (`?tab=plans`; the first tab shown has none), so a reload or
 * a shared link shows the same screen. Only the open tab is mounted.
 */
export function SectionTabs({ tabs: all }: { tabs: readonly SectionTab[] }) {
  const user = useAtomValue(userAtom);
  const [params, setParams] = useSearchParams();
  const tabs = all.filter((tab) => tab.view === undefined || hasPermission(user, tab.view));
  const first = tabs[0]?.key ?? '';
  const active = tabs.some((tab) => tab.key === params.get('tab')) ? (params.get('tab') as string) : first;
  return (
    <Tabs
      className={styles.tabs}
      activeKey={active}
      onChange={(key) => setParams(key === first ? {} : { tab: key })}
      destroyOnHidden
      items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.render() }))}
    />
  );
}

/** A row's state as a tag: `on` (published, active), `highlight` (featured), or neutral. */
export function StatusTag({ tone, children }: { tone?: 'on' | 'highlight'; children: ReactNode }) {
  return <Tag className={tone ? styles[tone] : undefined}>{children}</Tag>;
}
