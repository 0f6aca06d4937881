import { lazy, Suspense, type ComponentProps } from 'react';
import { isAuthenticatedAtom, useAtomValue } from '@proxy/contract/state';

// Visitors, whose first paint has a byte budget (docs/architecture.md "Size"), never download the balance's code.
const BalanceLinks = lazy(() => import('./BalanceLinks.tsx'));

/** The balance and "Top up" of the header and the mobile menu, for a signed-in customer only. */
export function CustomerBalance(props: ComponentProps<typeof BalanceLinks>) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  if (!authenticated) return null;
  return (
    <Suspense fallback={null}>
      <BalanceLinks {...props} />
    </Suspense>
  );
}
