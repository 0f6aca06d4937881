import { lazy, Suspense } from 'react';
import type { PageLoaderArgs } from '@proxy/contract/remote';

// The downloads page is its own chunk: the home page's first paint (budget: npm run bench) does not carry it. The
// loader fetches the chunk together with the data, so the page is there by the time the router renders it.
const downloadsModule = () => import('./DownloadsPage.tsx');
const DownloadsPage = lazy(() => downloadsModule().then((module) => ({ default: module.DownloadsPage })));

export async function loadDownloads(args: PageLoaderArgs): Promise<unknown> {
  return (await downloadsModule()).loadDownloads(args);
}

export function Downloads() {
  return (
    <Suspense fallback={null}>
      <DownloadsPage />
    </Suspense>
  );
}
