import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { siteNameAtom, useAtomValue } from '@proxy/contract/state';
import type { Language } from '@proxy/contract/languages';
import { NOT_FOUND_TITLE, screenTitle } from '@proxy/contract/titles';
import { useT } from '../i18n/use-t.ts';
import styles from './ErrorPage.module.css';

/**
 * The spec's strings are English on every page, exactly; on a Russian page the translation follows each, in the
 * page's language, and the English is marked as English for screen readers.
 */
const SPEC_TRANSLATIONS: Partial<Record<Language, { notFound: string; error: string; home: string }>> = {
  ru: { notFound: 'Страница не найдена: такого адреса на сайте нет.', error: 'Произошла ошибка.', home: 'На главную' },
};

/**
 * The error page of spec §2/§8: 404 says '404 Not Found' and 'This page could not be found', any other status
 * 'An error occurred'; always a 'Home page' link. The server sends the HTML document with the same status. A page
 * that failed because the server could not be reached says so in the page's language (`network`).
 */
export function ErrorPage({ status, message, network }: { status: number; message?: string; network?: boolean }) {
  const { t, language } = useT();
  const siteName = useAtomValue(siteNameAtom);
  const notFound = status === 404;
  const translation = SPEC_TRANSLATIONS[language];
  const english = translation ? 'en' : undefined;
  return (
    <section className={styles.page} aria-labelledby="error-title">
      {/* Mounted after the route's title, so it goes in front of it (as the server titles a 404 document). */}
      {notFound && <title>{screenTitle(siteName, NOT_FOUND_TITLE[language])}</title>}
      <p className={styles.status}>{status}</p>
      <h1 id="error-title" className={styles.title} lang={english}>
        {notFound ? t('error.notFoundTitle') : t('error.title')}
      </h1>
      {translation && <p className={styles.translation}>{notFound ? translation.notFound : translation.error}</p>}
      <p className={styles.message}>
        {notFound ? (
          <span lang={english}>{t('error.notFoundMessage')}</span>
        ) : status === 403 ? (
          t('error.forbidden')
        ) : network ? (
          t('error.network')
        ) : (
          message
        )}
      </p>
      {/* A permission error is no wrong address: it says who the page is for instead. */}
      <p className={styles.hint}>{status === 403 ? t('error.forbiddenHint') : t('error.hint')}</p>
      <Link className={styles.home} to={paths.home(language)}>
        {translation && `${translation.home} · `}
        <span lang={english}>{t('error.homeLink')}</span>
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
