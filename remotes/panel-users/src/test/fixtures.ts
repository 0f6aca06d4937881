import { ALL_PERMISSIONS } from '@proxy/contract/permission-groups';
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
