/**
 * The permission strings the site knows, Django's `<app>.<action>_<model>`: the contract owns the list, grouped by
 * panel section (`PERMISSION_GROUPS`). `createsuperuser` grants them all; a superuser passes every check anyway
 * (`hasPermission`), the list is what `premission` shows.
 */
export { ALL_PERMISSIONS } from '@proxy/contract/permission-groups';
