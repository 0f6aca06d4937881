/** The part of a user that permission checks read (spec §3: `premission` is spelt so on the wire). */
export interface PermissionSubject {
  readonly is_superuser: boolean;
  readonly premission: readonly string[];
}

/**
 * The permission check of spec §6, shared by the server's route guards and the UI: a superuser always passes;
 * `a|b` needs any one of the strings, `a&b` needs all of them; a user without permission strings fails.
 */
export function hasPermission(user: PermissionSubject | null | undefined, expression: string): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  if (user.premission.length === 0) return false;
  const granted = new Set(user.premission);
  const need = (names: string[]) => names.map((name) => name.trim()).filter(Boolean);
  if (expression.includes('|')) return need(expression.split('|')).some((name) => granted.has(name));
  const all = need(expression.split('&'));
  return all.length > 0 && all.every((name) => granted.has(name));
}

/** The Pages section's permissions (Django's model permissions of `pages.Page`); blocks, plans and the menu too. */
export const PAGE_PERMISSIONS = {
  view: 'pages.view_page',
  add: 'pages.add_page',
  change: 'pages.change_page',
  delete: 'pages.delete_page',
} as const;

/**
 * A page's blocks and the site menu are parts of the pages: adding or changing one is changing the pages, and
 * deleting one needs the delete permission, as Django's separate `delete_*` model permission does (the API's rule,
 * which the panel's buttons follow).
 */
export const PAGE_PART_PERMISSIONS = {
  ...PAGE_PERMISSIONS,
  add: PAGE_PERMISSIONS.change,
} as const;

/**
 * Who may upload images (`POST /api/users/images/`): staff who edit pages (their pictures) or payment methods
 * (their icons). Served images need no permission.
 */
export const IMAGE_UPLOAD_PERMISSION =
  'pages.add_page|pages.change_page|payments.add_paymentmethod|payments.change_paymentmethod';

/** The Updates section (Django's `versions` app): releases of the client apps and their uploaded builds. */
export const VERSION_PERMISSIONS = {
  view: 'versions.view_version',
  add: 'versions.add_version',
  change: 'versions.change_version',
  delete: 'versions.delete_version',
} as const;

/** The Payments section (Django's `payments` app): payment methods, the invoices paid through them, promo codes. */
export const PAYMENT_METHOD_PERMISSIONS = {
  view: 'payments.view_paymentmethod',
  add: 'payments.add_paymentmethod',
  change: 'payments.change_paymentmethod',
  delete: 'payments.delete_paymentmethod',
} as const;

/** Invoices are made by customers: staff see them, and mark them paid or cancel them (a change). */
export const INVOICE_PERMISSIONS = {
  view: 'payments.view_invoice',
  change: 'payments.change_invoice',
} as const;

export const PROMO_CODE_PERMISSIONS = {
  view: 'payments.view_promocode',
  add: 'payments.add_promocode',
  change: 'payments.change_promocode',
  delete: 'payments.delete_promocode',
} as const;

/** Any of the section's lists lets a staff member into `/panel/payment`. */
export const PAYMENTS_SECTION_ACCESS = [
  PAYMENT_METHOD_PERMISSIONS.view,
  INVOICE_PERMISSIONS.view,
  PROMO_CODE_PERMISSIONS.view,
].join('|');

/** The Farm section (Django app `farm`): the modems and the farm hosts their agents run on. */
export const MODEM_PERMISSIONS = {
  view: 'farm.view_modem',
  add: 'farm.add_modem',
  change: 'farm.change_modem',
  delete: 'farm.delete_modem',
} as const;

export const AGENT_HOST_PERMISSIONS = {
  view: 'farm.view_agenthost',
  add: 'farm.add_agenthost',
  change: 'farm.change_agenthost',
  delete: 'farm.delete_agenthost',
} as const;

/** Either list lets a staff member into `/panel/farm`. */
export const FARM_SECTION_ACCESS = [MODEM_PERMISSIONS.view, AGENT_HOST_PERMISSIONS.view].join('|');

/**
 * The Users section (Django's `auth.User` in the `users` app): staff see customers' pages with `view`, edit an
 * account with `change` (who may grant staff, superuser or a permission is decided on top of it: see the Users API),
 * and move a balance with `change_balance`, a permission of its own since it creates money.
 */
export const USER_PERMISSIONS = {
  view: 'users.view_user',
  add: 'users.add_user',
  change: 'users.change_user',
  delete: 'users.delete_user',
  changeBalance: 'users.change_balance',
} as const;

/**
 * The site's own machinery (the mail outbox, the scheduled jobs, refused webhooks): the dashboard's machinery widget
 * and its alerts. No panel section of its own; granted in the permission editor like the others.
 */
export const SYSTEM_PERMISSIONS = {
  viewHealth: 'system.view_health',
  /** Set or clear the Telegram bot's token (#30): every customer's and staff member's chat goes through it. */
  changeTelegram: 'system.change_telegram',
} as const;
