/**
 * The permission strings the site knows, Django's `<app>.<action>_<model>` for each panel resource (the strings the
 * panel screens check: `pages.view_page`, `payments.add_paymentmethod`, ...). `createsuperuser` grants them all;
 * a superuser passes every check anyway (`hasPermission`), the list is what `premission` shows.
 * TODO(panel-endpoints): add a resource here when its panel section lands.
 */
const RESOURCES = ['pages.page', 'payments.paymentmethod', 'users.user', 'versions.version'] as const;
const ACTIONS = ['view', 'add', 'change', 'delete'] as const;

export const ALL_PERMISSIONS: readonly string[] = RESOURCES.flatMap((resource) => {
  const [app, model] = resource.split('.') as [string, string];
  return ACTIONS.map((action) => `${app}.${action}_${model}`);
});
