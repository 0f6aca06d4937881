import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '@proxy/contract/languages';
import { useT } from '../i18n/use-t.ts';

/**
 * Switches to the same page in the other language, keeping the query and hash (spec §2: the page is kept).
 * With `hiddenClassName` it shows the language code and keeps the full label for screen readers only.
 */
export function LanguageSwitch({ className, hiddenClassName }: { className?: string; hiddenClassName?: string }) {
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
      {hiddenClassName ? (
        <>
          <span aria-hidden="true">{other.toUpperCase()}</span>
          <span className={hiddenClassName}>{t('nav.switchTo')}</span>
        </>
      ) : (
        t('nav.switchTo')
      )}
    </Link>
  );
}
