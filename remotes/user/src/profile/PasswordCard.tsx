import { useState } from 'react';
import { Form } from 'react-final-form';
import { changePassword } from '@proxy/contract/api/account';
import type { SubmissionErrors } from '@proxy/contract/forms';
import type { PasswordChange } from '@proxy/contract/schemas/users';
import { api } from '@proxy/contract/state';
import { Card, FormAlert, fieldErrorOf, formErrorsOf, ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { TextField } from './form-parts.tsx';

type Values = Partial<PasswordChange>;

/**
 * The current password and the new one twice. Only what needs no server is checked here (a field left empty, the
 * two new ones differing); the password rules are registration's, applied by the server, whose messages land on
 * their fields. A change signs every other device out, so the devices list is asked again (`onChanged`).
 */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [changed, setChanged] = useState(false);

  const submit = async (values: Values): Promise<SubmissionErrors | undefined> => {
    setChanged(false);
    const body = {
      old_password: values.old_password ?? '',
      new_password1: values.new_password1 ?? '',
      new_password2: values.new_password2 ?? '',
    };
    const errors: SubmissionErrors = {};
    for (const [name, value] of Object.entries(body)) if (!value) errors[name] = t('forms.required');
    if (!errors.new_password2 && body.new_password1 && body.new_password1 !== body.new_password2) {
      errors.new_password2 = t('password.mismatch');
    }
    if (Object.keys(errors).length > 0) return errors;
    try {
      await changePassword(api, body);
    } catch (error) {
      return formErrorsOf(error, messages);
    }
    setChanged(true);
    onChanged();
    return undefined;
  };

  return (
    <Card title={t('password.title')}>
      <Form<Values>
        onSubmit={submit}
        render={({ handleSubmit, form, submitting, submitError, dirtySinceLastSubmit }) => (
          <form
            className={ui.form}
            noValidate
            onSubmit={(event) => {
              // The passwords leave the page once they have been accepted.
              void handleSubmit(event)?.then((errors) => {
                if (!errors) form.restart();
              });
            }}
          >
            <TextField
              name="old_password"
              id="password-old"
              type="password"
              autoComplete="current-password"
              label={t('password.old')}
            />
            <TextField
              name="new_password1"
              id="password-new1"
              type="password"
              autoComplete="new-password"
              label={t('password.new1')}
            />
            <TextField
              name="new_password2"
              id="password-new2"
              type="password"
              autoComplete="new-password"
              label={t('password.new2')}
            />
            <FormAlert id="password-error" text={fieldErrorOf({ submitError, dirtySinceLastSubmit })} />
            {changed && (
              <p className={`${ui.notice} ${ui.noticeSuccess}`} role="status">
                {t('password.changed')}
              </p>
            )}
            <div>
              <SubmitButton busy={submitting}>{t('password.submit')}</SubmitButton>
            </div>
          </form>
        )}
      />
    </Card>
  );
}
