import { lazy, Suspense, useEffect } from 'react';
import { isAuthenticatedAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useHashPanel } from '../chrome/hash-panel.ts';
import { passwordResetAtom, recoveryViewAtom } from './dialog-state.ts';

// antd and the forms load only when the dialog is first opened: the public first paint carries none of it.
const AuthDialog = lazy(() => import('./AuthDialog.tsx'));

/**
 * Opens the auth dialog for `#login` / `#registration` or a pending password reset, and closes it by itself once a
 * user is signed in (spec §2). Rendered by the public layout; costs nothing until opened.
 */
export function AuthDialogHost() {
  const { panel, close } = useHashPanel();
  const reset = useAtomValue(passwordResetAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const setRecovery = useSetAtom(recoveryViewAtom);
  const hashOpens = panel === 'login' || panel === 'registration';

  // A new hash (#login, #registration, or none) leaves the recovery form.
  useEffect(() => setRecovery(false), [panel, setRecovery]);

  const setReset = useSetAtom(passwordResetAtom);
  useEffect(() => {
    if (!authenticated) return;
    if (hashOpens) close();
    setReset(null);
  }, [authenticated, hashOpens, close, setReset]);

  const open = (hashOpens && !authenticated) || reset !== null;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
