import { ALL_PERMISSIONS } from '@proxy/contract/permission-groups';
import type { PanelOrderRow } from '@proxy/contract/schemas/orders';
import type { PanelProxyRow } from '@proxy/contract/schemas/proxies';
import type { PanelUserDetail, UserAuditEntry } from '@proxy/contract/schemas/users';

export { ALL_PERMISSIONS as ALL };

/** An account as `GET /api/panel/users/{id}/` answers it. */
export const account = (id: number, extra: Partial<PanelUserDetail> = {}): PanelUserDetail => ({
  id,
  email: `user${id}@example.com`,
  is_active: true,
  email_verified: true,
  is_staff: false,
  is_superuser: false,
  language: 'ru',
  subscribed: true,
  date_joined: '2026-01-10T08:00:00Z',
  last_login: '2026-03-01T09:30:00Z',
  balance: 150_000,
  currency: 'RUB',
  proxies: 2,
  permissions: [],
  ...extra,
});

export const page = <T>(rows: readonly T[], count = rows.length) => ({
  count,
  next: null,
  previous: null,
  results: rows,
});

export const audit = (id: number, extra: Partial<UserAuditEntry>): UserAuditEntry => ({
  id,
  action: 'update',
  actor: { id: 1, email: 'staff@example.com' },
  changes: {},
  created_at: '2026-03-02T10:00:00Z',
  ...extra,
});

/** A row of `GET /api/panel/orders/`: one proxy in Almaty for 30 days, bought by `user_email`. */
export const panelOrder = (id: number, extra: Partial<PanelOrderRow> = {}): PanelOrderRow => ({
  id,
  status: 'paid',
  period_days: 30,
  quantity: 1,
  subtotal: 390_000,
  discount: 0,
  total: 390_000,
  currency: 'RUB',
  promo_code: null,
  auto_renew: false,
  lines: [
    {
      proxy_id: 40 + id,
      transferred: false,
      proxy_comment: '',
      country: 'KZ',
      city: 'Almaty',
      city_ru: 'Алматы',
      operator: 'Beeline',
      period_days: 30,
      price: 390_000,
    },
  ],
  created_at: '2026-11-20T09:15:00Z',
  user_id: 7,
  user_email: 'buyer@example.com',
  ...extra,
});

/** A row of `GET /api/panel/proxies/`: an active proxy in Almaty, held by `user_email`. */
export const panelProxy = (id: number, extra: Partial<PanelProxyRow> = {}): PanelProxyRow => ({
  id,
  state: 'active',
  online: true,
  offline_since: null,
  comment: '',
  country: 'KZ',
  city: 'Almaty',
  city_ru: 'Алматы',
  operator: 'Beeline',
  host: 'proxy.example.com',
  http_port: 20_001,
  socks_port: 20_002,
  login: `u${id}`,
  whitelist: [],
  ip: '198.51.100.7',
  expires_at: '2026-12-20T09:15:00Z',
  days_left: 30,
  trial: false,
  auto_renew: false,
  auto_rotate_minutes: 0,
  last_rotation_at: null,
  rotate_available_at: null,
  created_at: '2026-11-20T09:15:00Z',
  user_id: 7,
  user_email: 'buyer@example.com',
  renewal_failed: false,
  ...extra,
});
