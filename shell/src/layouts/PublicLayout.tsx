import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AuthDialogHost } from '../auth/AuthDialogHost.tsx';
import { AuthParamsEffects } from '../auth/AuthParamsEffects.tsx';
import { TopUpDialogHost } from '../billing/TopUpDialogHost.tsx';
import { CustomerNav } from '../chrome/CustomerNav.tsx';
import { Footer } from '../chrome/Footer.tsx';
import { Header } from '../chrome/Header.tsx';
import { MobileMenuHost } from '../chrome/MobileMenuHost.tsx';
import { SkipLink } from '../chrome/SkipLink.tsx';
import { useT } from '../i18n/use-t.ts';
import styles from './PublicLayout.module.css';

/**
 * The default public layout (spec §2): header with the content-managed menu, a signed-in customer's menu under it,
 * the slide-in mobile menu, the page, the footer, the auth and top-up dialogs. `children` replaces the page while the first route is still loading.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useT();
  return (
    <div className={styles.frame}>
      <SkipLink target="main">{t('nav.skipToContent')}</SkipLink>
      <Header />
      <CustomerNav place="bar" />
      <MobileMenuHost />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      {/* Not in the loading variant: the real layout replaces it, and a dialog opened there would lose its input. */}
      {children === undefined && (
        <>
          <AuthDialogHost />
          <TopUpDialogHost />
          <AuthParamsEffects />
        </>
      )}
    </div>
  );
}

export function PublicLayoutLoading() {
  const { t } = useT();
  return (
    <PublicLayout>
      <p className={styles.loading} role="status">
        {t('loading')}
      </p>
    </PublicLayout>
  );
}
