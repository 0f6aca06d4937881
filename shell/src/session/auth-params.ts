/**
 * Links in e-mails carry secrets in the query (spec §2): `?email_key=…`, `?uid=…&token=…`, `?unsubscribe=…`,
 * `?email_change=…` (the confirmation of a new address, sent to it from the user page).
 * They are read once and removed from the address bar with `history.replaceState` before any third-party script
 * loads, so neither analytics nor a Referer ever sees them (docs/security.md).
 */
export interface AuthParams {
  readonly emailKey?: string;
  readonly reset?: { readonly uid: string; readonly token: string };
  readonly unsubscribe?: string;
  readonly emailChange?: string;
}

const SECRET_PARAMS = ['email_key', 'uid', 'token', 'unsubscribe', 'email_change'];

export function takeAuthParams(location: Location, history: History): AuthParams {
  const url = new URL(location.href);
  const query = url.searchParams;
  // Read in SECRET_PARAMS' order (one list, so the first paint carries each name once).
  const [emailKey, uid, token, unsubscribe, emailChange] = SECRET_PARAMS.map((name) => query.get(name));
  const params: AuthParams = {
    ...(emailKey ? { emailKey } : {}),
    ...(uid && token ? { reset: { uid, token } } : {}),
    ...(unsubscribe ? { unsubscribe } : {}),
    ...(emailChange ? { emailChange } : {}),
  };
  if (SECRET_PARAMS.some((name) => query.has(name))) {
    for (const name of SECRET_PARAMS) query.delete(name);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return params;
}
