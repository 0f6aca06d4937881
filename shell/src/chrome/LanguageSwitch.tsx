import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '@proxy/contract/languages';
import { useT } from '../i18n/use-t.ts';
import a11y from '../styles/a11y.module.css';

/**
 * Switches to the same page in the other language, keeping the query and hash (spec §2: the page is kept).
 * `compact` shows the language code and keeps the full label for screen readers only.
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useT();
  const { pathname, search, hash } = useLocation();
  const { language, path } = splitLanguage(pathname);
  const other = language === 'ru' ? 'en' : 'ru';
  return (
    <Link
      className={className}
      to={`${localizePath(path, other)}${search}${hash}`}
      hrefLang={other}
      lang={other}
      preventScrollReset
    >
      {compact ? (
        <>
          <span aria-hidden="true">{other.toUpperCase()}</span>
          <span className={a11y.visuallyHidden}>{t('nav.switchTo')}</span>
        </>
      ) : (
        t('nav.switchTo')
      )}
    </Link>
  );
}
