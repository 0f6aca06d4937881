/**
 * The permission strings the site knows, Django's `<app>.<action>_<model>` (the strings the panel screens check:
 * `pages.view_page`, `payments.add_paymentmethod`, ...). `createsuperuser` grants them all; a superuser passes every
 * check anyway (`hasPermission`), the list is what `premission` shows. The sections that exist take theirs from the
 * contract; the two still to come have Django's four actions.
 */
import {
  AGENT_HOST_PERMISSIONS,
  INVOICE_PERMISSIONS,
  MODEM_PERMISSIONS,
  PAGE_PERMISSIONS,
  PAYMENT_METHOD_PERMISSIONS,
  PROMO_CODE_PERMISSIONS,
} from '@proxy/contract/permissions';

const UPCOMING = ['users.user', 'versions.version'] as const;
const ACTIONS = ['view', 'add', 'change', 'delete'] as const;

export const ALL_PERMISSIONS: readonly string[] = [
  ...[
    PAGE_PERMISSIONS,
    PAYMENT_METHOD_PERMISSIONS,
    INVOICE_PERMISSIONS,
    PROMO_CODE_PERMISSIONS,
    MODEM_PERMISSIONS,
    AGENT_HOST_PERMISSIONS,
  ].flatMap((set) => Object.values(set)),
  ...UPCOMING.flatMap((resource) => {
    const [app, model] = resource.split('.') as [string, string];
    return ACTIONS.map((action) => `${app}.${action}_${model}`);
  }),
];
