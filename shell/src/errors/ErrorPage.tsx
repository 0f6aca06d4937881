import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { siteNameAtom, useAtomValue } from '@proxy/contract/state';
import { NOT_FOUND_TITLE, screenTitle } from '@proxy/contract/titles';
import { useT } from '../i18n/use-t.ts';
import styles from './ErrorPage.module.css';

/**
 * The error page of spec §2/§8: 404 says '404 Not Found' and 'This page could not be found', any other status
 * 'An error occurred'; always a 'Home page' link. The server sends the HTML document with the same status.
 */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t, language } = useT();
  const siteName = useAtomValue(siteNameAtom);
  const notFound = status === 404;
  return (
    <section className={styles.page} aria-labelledby="error-title">
      {/* Mounted after the route's title, so it goes in front of it (as the server titles a 404 document). */}
      {notFound && <title>{screenTitle(siteName, NOT_FOUND_TITLE[language])}</title>}
      <p className={styles.status}>{status}</p>
      <h1 id="error-title" className={styles.title}>
        {notFound ? t('error.notFoundTitle') : t('error.title')}
      </h1>
      <p className={styles.message}>
        {notFound ? t('error.notFoundMessage') : status === 403 ? t('error.forbidden') : message}
      </p>
      {/* A permission error is no wrong address: it says who the page is for instead. */}
      <p className={styles.hint}>{status === 403 ? t('error.forbiddenHint') : t('error.hint')}</p>
      <Link className={styles.home} to={paths.home(language)}>
        {t('error.homeLink')}
      </Link>
    </section>
  );
}

/**
 * What shows when the error page itself fails to render: bilingual and dependency-free on purpose (no i18n, no
 * router), since either may be what broke.
 */
export function ErrorPageFailed({ status }: { status: number }) {
  return (
    <section className={styles.page} role="alert">
      <p className={styles.status}>{status}</p>
      <p className={styles.message} lang="ru">
        {ERROR_PAGE_FAILED.ru}
      </p>
      <p className={styles.message} lang="en">
        {ERROR_PAGE_FAILED.en}
      </p>
      <a className={styles.home} href="/">
        {ERROR_PAGE_FAILED.home}
      </a>
    </section>
  );
}

const ERROR_PAGE_FAILED = {
  ru: 'Не удалось показать страницу ошибки. Обновите страницу или вернитесь на главную.',
  en: 'The error page could not be shown. Reload the page or go back to the home page.',
  home: 'Главная · Home page',
} as const;
