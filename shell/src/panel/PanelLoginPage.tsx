import { useEffect } from 'react';
import { Alert, Button, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { hasPermission } from '@proxy/contract/permissions';
import { PANEL_ACCESS, paths } from '@proxy/contract/routes';
import { useAtomValue, userAtom } from '@proxy/contract/state';
import { AntdScope } from '../antd/AntdScope.tsx';
import { LoginForm } from '../auth/LoginForm.tsx';
import { usePanelT } from './use-panel-t.ts';
import { signOut } from '../session/session.ts';
import styles from './PanelLoginPage.module.css';

/**
 * `/panel/login`: staff sign in here. Someone already signed in with panel access goes straight to the panel; a
 * signed-in user without any panel permission gets a clear message instead of the panel.
 */
export function PanelLoginPage() {
  const { t, language } = usePanelT();
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const allowed = hasPermission(user, PANEL_ACCESS);

  useEffect(() => {
    if (allowed) void navigate(paths.panelHome(language), { replace: true });
  }, [allowed, language, navigate]);

  return (
    <AntdScope language={language}>
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="panel-login-title">
          <Typography.Title level={3} id="panel-login-title">
            {t('signInTitle')}
          </Typography.Title>
          {user && !allowed ? (
            <>
              <Alert type="warning" showIcon title={t('noAccess')} role="alert" />
              <div className={styles.actions}>
                <Link to={paths.home(language)}>{t('toSite')}</Link>
                <Button type="link" onClick={() => void signOut()}>
                  {t('signOut')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('signInLead')}</Typography.Paragraph>
              <LoginForm />
            </>
          )}
        </section>
      </main>
    </AntdScope>
  );
}
