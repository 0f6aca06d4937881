import { lazy, Suspense } from 'react';
import type { PageLoaderArgs } from '@proxy/contract/remote';

// The API documentation is its own chunk, as the downloads page is: the home page's first paint does not carry it.
// The loader fetches the chunk together with the document, so the page is there when the router renders it.
const apiDocsModule = () => import('./ApiDocsPage.tsx');
const ApiDocsPage = lazy(() => apiDocsModule().then((module) => ({ default: module.ApiDocsPage })));

export async function loadApiDocs(args: PageLoaderArgs): Promise<unknown> {
  return (await apiDocsModule()).loadApiDocs(args);
}

export function ApiDocs() {
  return (
    <Suspense fallback={null}>
      <ApiDocsPage />
    </Suspense>
  );
}
