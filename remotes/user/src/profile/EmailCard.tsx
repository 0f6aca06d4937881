import { useState } from 'react';
import { Form } from 'react-final-form';
import { requestEmailChange } from '@proxy/contract/api/account';
import type { SubmissionErrors } from '@proxy/contract/forms';
import type { EmailChange } from '@proxy/contract/schemas/users';
import { api } from '@proxy/contract/state';
import { Card, FormAlert, fieldErrorOf, formErrorsOf, ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import { TextField } from './form-parts.tsx';

type Values = Partial<EmailChange>;

/**
 * A new address and the current password. The address changes only once the link mailed to it is opened (the shell
 * handles `?email_change=`), so a typo cannot lock anyone out; until then the card says where the link went. The
 * server's messages (a wrong password, an address taken or invalid) land on their fields.
 */
export function EmailCard() {
  const { t } = useT();
  const messages = useRequestMessages();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: Values): Promise<SubmissionErrors | undefined> => {
    const body = { email: (values.email ?? '').trim(), password: values.password ?? '' };
    const errors: SubmissionErrors = {};
    if (!body.email) errors.email = t('forms.required');
    if (!body.password) errors.password = t('forms.required');
    if (Object.keys(errors).length > 0) return errors;
    try {
      await requestEmailChange(api, body);
    } catch (error) {
      return formErrorsOf(error, messages);
    }
    setSentTo(body.email);
    return undefined;
  };

  return (
    <Card title={t('email.title')}>
      {sentTo !== null ? (
        <>
          <p className={`${ui.notice} ${ui.noticeSuccess}`} role="status">
            {t('email.sent', { email: sentTo })}
          </p>
          <div>
            <button type="button" className={ui.secondaryButton} onClick={() => setSentTo(null)}>
              {t('email.again')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={ui.muted}>{t('email.lead')}</p>
          <Form<Values>
            onSubmit={submit}
            render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => (
              <form className={ui.form} onSubmit={handleSubmit} noValidate>
                <TextField name="email" id="email-new" type="email" autoComplete="off" label={t('email.new')} />
                <TextField
                  name="password"
                  id="email-password"
                  type="password"
                  autoComplete="current-password"
                  label={t('email.password')}
                />
                <FormAlert id="email-error" text={fieldErrorOf({ submitError, dirtySinceLastSubmit })} />
                <div>
                  <SubmitButton busy={submitting}>{t('email.submit')}</SubmitButton>
                </div>
              </form>
            )}
          />
        </>
      )}
    </Card>
  );
}
