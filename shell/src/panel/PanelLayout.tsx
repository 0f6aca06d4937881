import { useEffect } from 'react';
import { GlobalOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { drawerOpenAtom, toggleDrawerAtom, useAtomValue, userAtom, useSetAtom } from '@proxy/contract/state';
import { AntdScope } from '../antd/AntdScope.tsx';
import { LanguageSwitch } from '../chrome/LanguageSwitch.tsx';
import { SkipLink } from '../chrome/SkipLink.tsx';
import { usePanelT } from './use-panel-t.ts';
import { signOut } from '../session/session.ts';
import { panelSections } from './panel-menu.ts';
import { SECTION_ICONS } from './section-icons.tsx';
import { StepUpDialog } from './StepUpDialog.tsx';
import { isAtMost } from '../styles/breakpoints.ts';
import styles from './PanelLayout.module.css';

/**
 * The panel layout (spec §2): a dark side drawer with the signed-in user's e-mail and the panel menu, an app bar,
 * and a toggle that shrinks the drawer (the session's drawer flag). Menu items appear only for the sections the
 * user's permissions allow; Exit goes to the site, logs out and drops the token cookie.
 */
export function PanelLayout() {
  const { t, language } = usePanelT();
  const user = useAtomValue(userAtom);
  const open = useAtomValue(drawerOpenAtom);
  const toggle = useSetAtom(toggleDrawerAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Below 960 px the drawer starts shrunk, so the page keeps the width; the toggle still opens it.
  useEffect(() => {
    if (isAtMost('tablet')) toggle(false);
  }, [toggle]);

  const sections = panelSections(user, language);
  const items = [
    { key: paths.home(language), label: t('site'), icon: <GlobalOutlined aria-hidden /> },
    ...sections.map((section) => ({
      key: section.to,
      label: t(`${section.id}`),
      icon: SECTION_ICONS[section.id],
    })),
    { key: 'exit', label: t('exit'), icon: <LogoutOutlined aria-hidden /> },
  ];
  const selected = sections.find((section) => pathname.startsWith(section.to))?.to;

  const onClick = ({ key }: { key: string }) => {
    // On a phone the open drawer covers the page: once an item is chosen, it steps aside.
    if (isAtMost('phone')) toggle(false);
    if (key === 'exit') {
      void navigate(paths.home(language));
      void signOut();
      return;
    }
    void navigate(key);
  };

  return (
    <AntdScope language={language}>
      <SkipLink target="panel-main">{t('skipToContent')}</SkipLink>
      <Layout className={styles.frame}>
        <Layout.Sider
          theme="dark"
          collapsible
          collapsed={!open}
          trigger={null}
          width={240}
          collapsedWidth={64}
          className={styles.drawer}
        >
          <div className={styles.user} title={user?.email}>
            <span className={styles.avatar} aria-hidden="true">
              {user?.email.slice(0, 1).toUpperCase()}
            </span>
            {open && <span className={styles.email}>{user?.email}</span>}
          </div>
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            onClick={onClick}
            aria-label={t('title')}
          />
        </Layout.Sider>
        {open && <div className={styles.scrim} onClick={() => toggle(false)} />}
        <Layout className={styles.main}>
          <Layout.Header className={styles.bar}>
            <Button
              type="text"
              onClick={() => toggle()}
              aria-label={t('toggle')}
              aria-expanded={open}
              className={styles.toggle}
            >
              <span className={styles.toggleLines} aria-hidden="true" />
            </Button>
            <span className={styles.title}>{t('title')}</span>
            <LanguageSwitch className={styles.language} compact />
          </Layout.Header>
          <Layout.Content id="panel-main" tabIndex={-1} className={styles.content}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
      <StepUpDialog />
    </AntdScope>
  );
}
