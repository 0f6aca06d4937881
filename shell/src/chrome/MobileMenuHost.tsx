import { lazy, Suspense, useState } from 'react';
import { useHashPanel } from './hash-panel.ts';

// The menu's code loads when it is first opened: a desktop visitor, or a phone visitor who never opens it, does
// not download it with the home page's first paint (README "Speed").
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

/**
 * The slide-in mobile menu, mounted from its first `#menu` on. It stays mounted after that, so a close slides it out
 * and the next open slides it in without loading anything again.
 */
export function MobileMenuHost() {
  const { panel } = useHashPanel();
  const [wanted, setWanted] = useState(false);
  if (panel === 'menu' && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenu />
    </Suspense>
  );
}
