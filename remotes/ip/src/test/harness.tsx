// The IP screens' test harness, on the site kit's (`@proxy/site-kit/testing`: a signed-in customer, a stubbed API
// that records every request, the browser APIs jsdom lacks): the routes of /ip, /ip/transfer/{id?} and /ip/{id} in a
// memory router with the shell's rules (validate false or a loader's 404 show the 404 page), and the IP fixtures.
import { useRouteError } from 'react-router';
import type { Language } from '@proxy/contract/languages';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { customerWith, renderRoutes } from '@proxy/site-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { pages } from '../routes.ts';
import { api, appStore } from '@proxy/contract/state';

export const proxy = (id: number, changes: Partial<Proxy> = {}): Proxy => ({
  id,
  state: 'active',
  online: true,
  offline_since: null,
  comment: `Shop ${id}`,
  country: 'RU',
  city: 'Moscow',
  city_ru: 'Москва',
  operator: 'MTS',
  operator_ru: 'МТС',
  host: 'gw.example.com',
  http_port: 8000 + id,
  socks_port: 9000 + id,
  login: `user${id}`,
  password: `pa:ss${id}`,
  whitelist: [],
  ip: `10.0.0.${id}`,
  expires_at: '2026-07-01T12:00:00Z',
  days_left: 12,
  trial: false,
  auto_renew: false,
  auto_rotate_minutes: 0,
  last_rotation_at: null,
  rotate_available_at: null,
  rotate_url: `https://proxymob.example/r/token${id}`,
  created_at: '2026-06-01T12:00:00Z',
  ...changes,
});

/** An outgoing offer of proxy 7, pending, made at 10:00 on 20 June and lapsing 72 hours later. */
export const offer = (id: number, changes: Partial<Transfer> = {}): Transfer => ({
  id,
  state: 'pending',
  direction: 'outgoing',
  proxy_id: 7,
  proxy_comment: '',
  country: 'RU',
  city: 'Moscow',
  city_ru: 'Москва',
  operator: 'MTS',
  operator_ru: 'МТС',
  proxy_expires_at: '2026-07-01T12:00:00Z',
  email: 'friend@example.com',
  note: '',
  created_at: '2026-06-20T10:00:00Z',
  expires_at: '2026-06-23T10:00:00Z',
  decided_at: null,
  ...changes,
});

/** What the shell's error element shows: 404 for the 404 page, the status otherwise. */
function ErrorStatus() {
  const error = useRouteError() as { status?: number };
  return <p data-testid="error-status">{error.status ?? 500}</p>;
}

async function runLoader(
  page: 'ipDetail' | 'ipTransfer',
  id: string | undefined,
  language: Language,
  signal: AbortSignal,
) {
  const route = pages[page];
  const args = { params: { id }, language, signal, store: appStore, api };
  if (route?.validate && !(await route.validate(args))) throw Object.assign(new Error('Not found'), { status: 404 });
  return route?.loader?.(args) ?? null;
}

/** Opens `url` as the signed-in customer; answers the router (its location is the URL the page wrote). */
export async function openAt(url: string, { language = 'ru', ip = '' }: { language?: Language; ip?: string } = {}) {
  const List = pages.ipList?.Component;
  const Detail = pages.ipDetail?.Component;
  const Transfer = pages.ipTransfer?.Component;
  if (!List || !Detail || !Transfer) throw new Error('The remote lacks its pages');
  return renderRoutes(
    ['', '/en'].flatMap((prefix) => [
      { path: `${prefix}/ip`, Component: List },
      // Before `/ip/:id`, as in the contract's route table.
      {
        path: `${prefix}/ip/transfer/:id?`,
        Component: Transfer,
        errorElement: <ErrorStatus />,
        loader: ({ params, request }: { params: { id?: string }; request: Request }) =>
          runLoader('ipTransfer', params.id, language, request.signal),
      },
      {
        path: `${prefix}/ip/:id`,
        Component: Detail,
        errorElement: <ErrorStatus />,
        loader: ({ params, request }: { params: { id?: string }; request: Request }) =>
          runLoader('ipDetail', params.id, language, request.signal),
      },
    ]),
    url,
    { namespace: 'ip', translations: { ru, en }, session: { user: customerWith(), language, ip } },
  );
}
