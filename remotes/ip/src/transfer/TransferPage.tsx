import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { getProxy } from '@proxy/contract/api/proxies';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { Loading } from '@proxy/site-kit';
import { validateProxyPage } from '../detail/ProxyPage.tsx';

// Both pages are their own chunk: most visits to the IP screens never open a transfer, so the list and the proxy
// page do not download them.
const TransfersPage = lazy(() => import('./TransfersPage.tsx').then((module) => ({ default: module.TransfersPage })));
const OfferPage = lazy(() => import('./OfferPage.tsx').then((module) => ({ default: module.OfferPage })));

/** `/ip/transfer` is the transfers; `/ip/transfer/{id}` only for an id `/ip/{id}` would take, else the 404 page. */
export function validateTransferPage(args: PageLoaderArgs): boolean {
  return args.params.id === undefined || validateProxyPage(args);
}

/** The proxy to offer, before the page renders (the API's 404 for someone else's proxy is the 404 page); nothing for the list. */
export function loadTransferPage({ params, signal }: PageLoaderArgs): Promise<Proxy | null> {
  return params.id === undefined ? Promise.resolve(null) : getProxy(api, Number(params.id), signal);
}

/**
 * The route `ipTransfer`: the customer's transfers without an id, the offer of proxy `{id}` with one. Told apart by
 * the loader's answer, not `useParams`: the shell shares a trimmed react-router (build/shared-exports.js) without it.
 */
export function TransferPage() {
  const proxy = useLoaderData() as Proxy | null;
  return <Suspense fallback={<Loading />}>{proxy ? <OfferPage proxy={proxy} /> : <TransfersPage />}</Suspense>;
}
