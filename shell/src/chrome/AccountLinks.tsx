import { Link } from 'react-router';
import { paths } from '@proxy/contract/routes';
import { isAuthenticatedAtom, useAtomValue } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { signOut } from '../session/session.ts';
import { useHashPanel } from './hash-panel.ts';

/** Sign in / sign up for visitors, the account and sign-out for customers; used by the header and the mobile menu. */
export function AccountLinks({
  className,
  primaryClassName,
  onFollow,
}: {
  className?: string;
  primaryClassName?: string;
  onFollow?: () => void;
}) {
  const { t, language } = useT();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { open } = useHashPanel();
  if (authenticated) {
    return (
      <>
        <Link to={paths.account(language)} className={primaryClassName} onClick={onFollow}>
          {t('account.cabinet')}
        </Link>
        <button
          type="button"
          className={className}
          onClick={() => {
            onFollow?.();
            void signOut();
          }}
        >
          {t('account.signOut')}
        </button>
      </>
    );
  }
  return (
    <>
      <a
        href="#login"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          open('login');
        }}
      >
        {t('account.signIn')}
      </a>
      <a
        href="#registration"
        className={primaryClassName}
        onClick={(event) => {
          event.preventDefault();
          open('registration');
        }}
      >
        {t('account.signUp')}
      </a>
    </>
  );
}
