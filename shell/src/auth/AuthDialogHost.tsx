import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isAuthenticatedAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useFocusReturn, useHashPanel } from '../chrome/hash-panel.ts';
import { afterSignInAtom, passwordResetAtom, recoveryViewAtom } from './dialog-state.ts';

// antd and the forms load only when the dialog is first opened: the public first paint carries none of it.
const AuthDialog = lazy(() => import('./AuthDialog.tsx'));

/**
 * Opens the auth dialog for `#login` / `#registration` or a pending password reset, and closes it by itself once a
 * user is signed in (spec §2), going on to the page the visitor was sent to sign in for, if any (`afterSignInAtom`).
 * Rendered by the public layout; costs nothing until opened.
 */
export function AuthDialogHost() {
  const { panel, close } = useHashPanel();
  const reset = useAtomValue(passwordResetAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const setRecovery = useSetAtom(recoveryViewAtom);
  const hashOpens = panel === 'login' || panel === 'registration';

  // A new hash (#login, #registration, or none) leaves the recovery form. The host mounting again (the layout
  // replaced while the dialog is open) is no new hash: the visitor stays on the form they chose.
  const shownPanel = useRef(panel);
  useEffect(() => {
    if (shownPanel.current !== panel) setRecovery(false);
    shownPanel.current = panel;
  }, [panel, setRecovery]);

  const afterSignIn = useAtomValue(afterSignInAtom);
  const setAfterSignIn = useSetAtom(afterSignInAtom);
  const navigate = useNavigate();
  // The destination is for one opening of the dialog: once it closes (signed in and on the way there, or closed
  // without signing in) it is dropped, so a later sign-in stays where it happens. Only a close counts (open, then
  // not): the destination is set just before the #login it goes with.
  const wasOpen = useRef(hashOpens);
  useEffect(() => {
    if (wasOpen.current && !hashOpens) setAfterSignIn(null);
    wasOpen.current = hashOpens;
  }, [hashOpens, setAfterSignIn]);

  const setReset = useSetAtom(passwordResetAtom);
  useEffect(() => {
    if (!authenticated) return;
    // One navigation either way: to the destination (it has no hash, so the dialog closes with it), or off the hash.
    if (hashOpens && afterSignIn !== null) void navigate(afterSignIn);
    else if (hashOpens) close();
    setReset(null);
  }, [authenticated, hashOpens, close, setReset, afterSignIn, navigate]);

  const open = (hashOpens && !authenticated) || reset !== null;
  // Unmounted as soon as it closes, antd's Modal never gives focus back itself (#49).
  useFocusReturn(open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
