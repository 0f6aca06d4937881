import { useState, type ReactNode } from 'react';
import { Button, Form as AntForm } from 'antd';
import { Form } from 'react-final-form';
import { resendEmail } from '@proxy/contract/api/auth';
import { runRequest } from '@proxy/contract/forms';
import { EMAIL_NOT_VERIFIED, LoginFormSchema } from '@proxy/contract/schemas/auth';
import { api, appStore, showMessageAtom } from '@proxy/contract/state';
import { useAuthT } from './use-auth-t.ts';
import { signIn } from '../session/session.ts';
import { submitForm } from './submit.ts';
import { TextField } from './TextField.tsx';
import { markSignedIn, registration } from './dialog-state.ts';
import styles from './AuthDialog.module.css';

const notVerified: readonly string[] = Object.values(EMAIL_NOT_VERIFIED);

/**
 * E-mail + password sign-in (spec §5: both required), used by the auth dialog and the panel's sign-in page. A right
 * password on an address not yet confirmed is answered with a way out: the confirmation e-mail sent again.
 */
export function LoginForm({ secondary }: { secondary?: ReactNode }) {
  const { t } = useAuthT();
  // After registering, and from the confirmation link: the address just registered here (#28); the password is next.
  const [initialEmail] = useState(() => registration()?.email ?? '');
  const resend = async (email: string) => {
    const outcome = await runRequest(() => resendEmail(api, email), {
      networkError: t('networkError'),
      unknownError: t('unknownError'),
    });
    if (outcome.ok) appStore.set(showMessageAtom, outcome.value.detail, 'success');
  };
  return (
    <Form<{ email?: string; password?: string }>
      initialValues={{ email: initialEmail || undefined }}
      onSubmit={(values) =>
        submitForm(LoginFormSchema, values, t, async (valid) => {
          await signIn({ email: (valid.email ?? '').trim(), password: valid.password ?? '' });
          markSignedIn();
        })
      }
      render={({ handleSubmit, submitting, submitErrors, values }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form}>
            <TextField
              name="email"
              label={t('fields.email')}
              type="email"
              autoComplete="username"
              autoFocus={!initialEmail}
            />
            <TextField
              name="password"
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
              autoFocus={Boolean(initialEmail)}
            />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('login.submit')}
            </Button>
            {notVerified.includes(String(submitErrors?.non_field_errors ?? '')) && (
              <Button type="link" onClick={() => void resend((values.email ?? '').trim())}>
                {t('login.resend')}
              </Button>
            )}
            {secondary}
          </form>
        </AntForm>
      )}
    />
  );
}
