import {
  AGENT_HOST_PERMISSIONS,
  INVOICE_PERMISSIONS,
  MODEM_PERMISSIONS,
  PAGE_PERMISSIONS,
  PAYMENT_METHOD_PERMISSIONS,
  PROMO_CODE_PERMISSIONS,
  SYSTEM_PERMISSIONS,
  USER_PERMISSIONS,
  VERSION_PERMISSIONS,
} from './permissions.ts';

// Apart from permissions.ts, which the public first paint carries (the route table needs the sections' strings):
// only the panel's permission editor, the API and `createsuperuser` need the whole list.

/**
 * Every permission string the site knows, grouped by the panel section it opens (the permission editor shows them
 * so; `createsuperuser` grants them all). A string outside this list cannot be granted.
 */
export const PERMISSION_GROUPS: readonly { readonly section: string; readonly permissions: readonly string[] }[] = [
  { section: 'users', permissions: Object.values(USER_PERMISSIONS) },
  { section: 'versions', permissions: Object.values(VERSION_PERMISSIONS) },
  { section: 'pages', permissions: Object.values(PAGE_PERMISSIONS) },
  {
    section: 'payments',
    permissions: [PAYMENT_METHOD_PERMISSIONS, INVOICE_PERMISSIONS, PROMO_CODE_PERMISSIONS].flatMap((set) =>
      Object.values(set),
    ),
  },
  { section: 'farm', permissions: [MODEM_PERMISSIONS, AGENT_HOST_PERMISSIONS].flatMap((set) => Object.values(set)) },
  { section: 'system', permissions: Object.values(SYSTEM_PERMISSIONS) },
];

export const ALL_PERMISSIONS: readonly string[] = PERMISSION_GROUPS.flatMap((group) => group.permissions);
