import type { HydrationState } from 'react-router';

/** The `<script type="application/json">` a server-rendered document carries the router's state in. */
export const ROUTER_STATE_ID = 'app-router';

/**
 * What the server's render loaded, as the browser's router hydrates with it: each route's data, and its errors (a
 * 404) as `{ status, statusText }`, which the error page reads as it reads a thrown error (`toErrorInfo`); null when
 * there are none, or the router would look for the route of each.
 */
export type RouterState = Required<Pick<HydrationState, 'loaderData' | 'errors'>>;
