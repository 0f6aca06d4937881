import { useT } from '../i18n/use-t.ts';
import { useHashPanel } from './hash-panel.ts';

/**
 * Sign in / sign up, for visitors; used by the header and the mobile menu. A customer's own links and "Sign out" are
 * the customer menu (`CustomerNav`).
 */
export function AccountLinks({ className, primaryClassName }: { className?: string; primaryClassName?: string }) {
  const { t } = useT();
  const { open } = useHashPanel();
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
