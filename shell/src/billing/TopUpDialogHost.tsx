import { lazy, Suspense } from 'react';
import { isAuthenticatedAtom, useAtomValue } from '@proxy/contract/state';
import { useFocusReturn, useHashPanel } from '../chrome/hash-panel.ts';

// antd, the forms and the dialog's strings load only when a customer first opens it: visitors never pay for them.
const TopUpDialog = lazy(() => import('./TopUpDialog.tsx'));

/**
 * Opens the top-up dialog for `#topup` and `#invoice-{id}`, for a signed-in customer only (a visitor has no balance
 * to top up). Rendered by the public layout; costs nothing until opened.
 */
export function TopUpDialogHost() {
  const { panel } = useHashPanel();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  useFocusReturn(panel === 'topup' && authenticated);
  if (panel !== 'topup' || !authenticated) return null;
  return (
    <Suspense fallback={null}>
      <TopUpDialog />
    </Suspense>
  );
}
