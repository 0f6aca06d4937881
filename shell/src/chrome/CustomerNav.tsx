import { lazy, Suspense, type ComponentProps } from 'react';
import { isAuthenticatedAtom, useAtomValue } from '@proxy/contract/state';

// Visitors, whose first paint has a byte budget (README, Speed), never download the customer menu's code.
const CustomerMenu = lazy(() => import('./CustomerMenu.tsx'));

/** The customer menu of the bar under the header and of the mobile menu, for a signed-in customer only. */
export function CustomerNav(props: ComponentProps<typeof CustomerMenu>) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  if (!authenticated) return null;
  return (
    <Suspense fallback={null}>
      <CustomerMenu {...props} />
    </Suspense>
  );
}
