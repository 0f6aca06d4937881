import { Checkbox } from 'antd';
import type { TranslationKey } from '@proxy/contract/i18n';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '@proxy/contract/permission-groups';
import { useField } from '@proxy/panel-kit';
import type en from '../i18n/en.json';
import { useT } from '../i18n/use-t.ts';
import styles from './users.module.css';

/** A permission's readable name (`users.change_user` → "Change users"); the string itself for one this file lacks. */
export function usePermissionName(): (permission: string) => string {
  const { t } = useT();
  return (permission) => {
    const key = `permissions.names.${permission}` as TranslationKey<typeof en>;
    const name = t(key);
    return name === key ? permission : name;
  };
}

/**
 * The account's permission strings, grouped by the panel section each opens (the contract's `PERMISSION_GROUPS`):
 * a readable name beside the Django-style string, and a checkbox per section for all of it. `grantable` says which
 * the signed-in staff member may change; the others stay as they are, disabled.
 */
export function PermissionsField({ grantable }: { grantable: (permission: string) => boolean }) {
  const { t } = useT();
  const nameOf = usePermissionName();
  const { input } = useField<string[]>('permissions', { subscription: { value: true } });
  const held = new Set(input.value ?? []);
  // Sent in the contract's order, so the same set is the same list whichever boxes were clicked first.
  const change = (next: Set<string>) => input.onChange(ALL_PERMISSIONS.filter((permission) => next.has(permission)));
  const toggle = (permissions: readonly string[], on: boolean) => {
    const next = new Set(held);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    change(next);
  };

  return (
    <div role="group" aria-label={t('permissions.title')}>
      {PERMISSION_GROUPS.map((group) => {
        const section = t(`permissions.sections.${group.section}` as TranslationKey<typeof en>);
        const changeable = group.permissions.filter(grantable);
        const target = changeable.length > 0 ? changeable : group.permissions;
        const all = target.every((permission) => held.has(permission));
        const some = group.permissions.some((permission) => held.has(permission));
        return (
          <fieldset key={group.section} className={styles.group}>
            <legend>
              <Checkbox
                checked={all}
                indeterminate={!all && some}
                disabled={changeable.length === 0 || undefined}
                aria-label={t('permissions.allOf', { section })}
                onChange={(event) => toggle(changeable, event.target.checked)}
              >
                <strong>{section}</strong>
              </Checkbox>
            </legend>
            {group.permissions.map((permission) => (
              <div key={permission} className={styles.permission}>
                <Checkbox
                  checked={held.has(permission)}
                  disabled={!grantable(permission) || undefined}
                  onChange={(event) => toggle([permission], event.target.checked)}
                >
                  {nameOf(permission)}
                </Checkbox>
                <code className={styles.code}>{permission}</code>
              </div>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
