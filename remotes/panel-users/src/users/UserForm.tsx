import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { ApiError } from '@proxy/contract/api/errors';
import { updatePanelUser } from '@proxy/contract/api/panel-users';
import { LANGUAGES, type Language } from '@proxy/contract/languages';
import { USER_PERMISSIONS, hasPermission } from '@proxy/contract/permissions';
import { PanelUserUpdateSchema, type PanelUserDetail, type PanelUserUpdate } from '@proxy/contract/schemas/users';
import { api, useAtomValue, userAtom } from '@proxy/contract/state';
import { FieldGrid, ResourceForm, SelectField, SwitchField } from '@proxy/panel-kit';
import { useT } from '../i18n/use-t.ts';
import { PermissionsField } from './PermissionsField.tsx';
import styles from './users.module.css';

interface UserValues {
  readonly is_active: boolean;
  readonly email_verified: boolean;
  readonly is_staff: boolean;
  readonly is_superuser: boolean;
  readonly language: Language;
  readonly subscribed: boolean;
  readonly permissions: readonly string[];
}

const FLAGS = ['is_active', 'email_verified', 'is_staff', 'is_superuser', 'subscribed'] as const;

const valuesOf = (user: PanelUserDetail): UserValues => ({
  is_active: user.is_active,
  email_verified: user.email_verified,
  is_staff: user.is_staff,
  is_superuser: user.is_superuser,
  language: user.language,
  subscribed: user.subscribed,
  permissions: user.permissions,
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * The PATCH of what differs from the account as loaded: a field left alone is not sent, so saving the language
 * never re-judges a grant the server would refuse to this staff member.
 */
export function changesOf(before: UserValues, after: UserValues): PanelUserUpdate {
  const changes: Record<string, unknown> = {};
  for (const flag of FLAGS) if (after[flag] !== before[flag]) changes[flag] = after[flag];
  if (after.language !== before.language) changes.language = after.language;
  if (!sameSet(after.permissions, before.permissions)) changes.permissions = [...after.permissions];
  return changes as PanelUserUpdate;
}

/**
 * The account's flags, language, subscription and permissions. What the signed-in staff member may not change is
 * disabled with the reason as its help, following the API's rules (server/domains/users/people-service.ts): only a
 * superuser touches a superuser's account, grants staff or superuser, or grants a permission they lack themselves;
 * nobody takes away their own superuser or blocks themselves. A refusal (403) shows its detail above the form.
 */
export function UserForm({ user, onSaved }: { user: PanelUserDetail; onSaved: (user: PanelUserDetail) => void }) {
  const { t } = useT();
  const actor = useAtomValue(userAtom);
  const [refusal, setRefusal] = useState<string>();
  const superuser = actor?.is_superuser === true;
  const self = actor?.pk === user.id;
  const canChange = hasPermission(actor, USER_PERMISSIONS.change);
  const untouchable = user.is_superuser && !superuser;
  const readOnly = !canChange || untouchable;
  const initial = valuesOf(user);
  const own = new Set(actor?.premission ?? []);
  // A permission the target already holds may be taken away (and given back) by anyone who may change the account.
  const grantable = (permission: string) => superuser || own.has(permission) || user.permissions.includes(permission);

  async function send(changes: PanelUserUpdate): Promise<PanelUserDetail> {
    setRefusal(undefined);
    if (Object.keys(changes).length === 0) return user;
    try {
      return await updatePanelUser(api, user.id, changes);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.detail) setRefusal(error.detail);
      throw error;
    }
  }

  return (
    <>
      {!canChange && <Typography.Paragraph type="secondary">{t('form.readOnly')}</Typography.Paragraph>}
      {canChange && untouchable && (
        <Typography.Paragraph type="secondary">{t('form.superuserTarget')}</Typography.Paragraph>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          className={styles.group}
          title={t('form.forbidden', { detail: refusal })}
          role="alert"
        />
      )}
      <ResourceForm<UserValues, PanelUserUpdate, PanelUserDetail>
        name={`user-${user.id}`}
        initialValues={initial}
        readOnly={readOnly}
        toInput={(values) => changesOf(initial, values)}
        schema={PanelUserUpdateSchema}
        send={send}
        done="saved"
        onSaved={onSaved}
      >
        <FieldGrid>
          <SwitchField
            name="is_active"
            label={t('form.isActive')}
            disabled={self}
            help={self ? t('form.ownActive') : t('form.isActiveHelp')}
          />
          <SwitchField name="email_verified" label={t('form.emailVerified')} />
          <SwitchField name="subscribed" label={t('form.subscribed')} />
          <SwitchField
            name="is_staff"
            label={t('form.isStaff')}
            disabled={!superuser && !user.is_staff}
            help={!superuser && !user.is_staff ? t('form.onlySuperuser') : t('form.isStaffHelp')}
          />
          <SwitchField
            name="is_superuser"
            label={t('form.isSuperuser')}
            disabled={!superuser || self}
            help={!superuser ? t('form.onlySuperuser') : self ? t('form.ownSuperuser') : t('form.isSuperuserHelp')}
          />
          <SelectField<Language>
            name="language"
            label={t('form.language')}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`form.languages.${language}`) }))}
          />
        </FieldGrid>
        <h3 className={styles.heading}>{t('permissions.title')}</h3>
        <Typography.Paragraph type="secondary">
          {t('permissions.help')} {!superuser && !readOnly && t('permissions.lacking')}
        </Typography.Paragraph>
        <PermissionsField grantable={grantable} />
      </ResourceForm>
    </>
  );
}
