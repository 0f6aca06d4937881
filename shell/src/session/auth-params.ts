/**
 * Links in e-mails carry secrets in the query (spec §2): `?email_key=…`, `?uid=…&token=…`, `?unsubscribe=…`.
 * They are read once and removed from the address bar with `history.replaceState` before any third-party script
 * loads, so neither analytics nor a Referer ever sees them (security.md).
 */
export interface AuthParams {
  readonly emailKey?: string;
  readonly reset?: { readonly uid: string; readonly token: string };
  readonly unsubscribe?: string;
}

const SECRET_PARAMS = ['email_key', 'uid', 'token', 'unsubscribe'];

export function takeAuthParams(location: Location, history: History): AuthParams {
  const url = new URL(location.href);
  const query = url.searchParams;
  const uid = query.get('uid');
  const token = query.get('token');
  const params: AuthParams = {
    ...(query.get('email_key') ? { emailKey: query.get('email_key') as string } : {}),
    ...(uid && token ? { reset: { uid, token } } : {}),
    ...(query.get('unsubscribe') ? { unsubscribe: query.get('unsubscribe') as string } : {}),
  };
  if (SECRET_PARAMS.some((name) => query.has(name))) {
    for (const name of SECRET_PARAMS) query.delete(name);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return params;
}
