import { lazy, Suspense, useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';

// The bar is code no first paint needs (it shows during a navigation): it loads with the first one.
const ProgressBar = lazy(() => import('./ProgressBar.tsx'));

/** Waits for the first navigation, then mounts the progress bar with the moment that navigation began. */
export function ProgressBarHost({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  useEffect(() => {
    if (startedAt !== null) return;
    return router.subscribe((state) => {
      if (state.navigation.state !== 'idle') setStartedAt((at) => at ?? Date.now());
    });
  }, [router, startedAt]);
  if (startedAt === null) return null;
  return (
    <Suspense fallback={null}>
      <ProgressBar router={router} startedAt={startedAt} />
    </Suspense>
  );
}
