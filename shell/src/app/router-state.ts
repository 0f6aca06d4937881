import type { HydrationState } from 'react-router';
import type { ErrorInfo } from '../errors/error-info.ts';

/** The `<script type="application/json">` a server-rendered document carries the router's state in. */
export const ROUTER_STATE_ID = 'app-router';

/** What the server's render loaded: each route's data, and the errors (a 404) as status and message. */
export interface RouterState {
  readonly loaderData: Record<string, unknown>;
  readonly errors: Record<string, ErrorInfo>;
}

/** The router's hydration data: an error comes back as an Error with its status, as the error page reads it. */
export const hydrationData = ({ loaderData, errors }: RouterState): HydrationState => ({
  loaderData,
  // None is null, not {}: the router would look for the route of each error it is given.
  errors: Object.keys(errors).length
    ? Object.fromEntries(
        Object.entries(errors).map(([id, { status, message }]) => [id, Object.assign(new Error(message), { status })]),
      )
    : null,
});
