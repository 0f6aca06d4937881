import { useState, type ReactNode } from 'react';
import { Button, Form as AntForm, Typography } from 'antd';
import { Form } from 'react-final-form';
import { resendEmail } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError, runRequest } from '@proxy/contract/forms';
import { EMAIL_NOT_VERIFIED, formErrors, LoginFormSchema, TwoFactorCodeFormSchema } from '@proxy/contract/schemas/auth';
import { api, appStore, showMessageAtom } from '@proxy/contract/state';
import { useAuthT } from './use-auth-t.ts';
import { completeSignIn, signIn } from '../session/session.ts';
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
  // A right password for an account with a second factor: the code is asked next, in place of the form (#48).
  const [challenge, setChallenge] = useState<string | null>(null);
  // After registering, and from the confirmation link: the address just registered here (#28); the password is next.
  const [initialEmail] = useState(() => registration()?.email ?? '');
  const resend = async (email: string) => {
    const outcome = await runRequest(() => resendEmail(api, email), {
      networkError: t('networkError'),
      unknownError: t('unknownError'),
    });
    if (outcome.ok) appStore.set(showMessageAtom, outcome.value.detail, 'success');
  };
  if (challenge !== null) return <SecondStep challenge={challenge} onRestart={() => setChallenge(null)} />;
  return (
    <Form<{ email?: string; password?: string }>
      initialValues={{ email: initialEmail || undefined }}
      onSubmit={(values) =>
        submitForm(LoginFormSchema, values, t, async (valid) => {
          const next = await signIn({ email: (valid.email ?? '').trim(), password: valid.password ?? '' });
          if (next) setChallenge(next.challenge);
          else markSignedIn();
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

/**
 * The sign-in's second step (issue #48): a code from the authenticator app, or one of the recovery codes. A wrong or
 * used code is shown on the field; a challenge that expired (or was used) starts the sign-in over, with the reason.
 */
function SecondStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useAuthT();
  const messages = { networkError: t('networkError'), unknownError: t('unknownError') };
  const send = async (code: string) => {
    try {
      await completeSignIn(challenge, code);
      markSignedIn();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.challenge) {
        appStore.set(showMessageAtom, error.fieldErrors.challenge.join(' '), 'error');
        onRestart();
        return undefined;
      }
      return reportRequestError(error, messages);
    }
  };
  return (
    <Form<{ code?: string }>
      onSubmit={(values) => {
        const problems = formErrors(TwoFactorCodeFormSchema, values);
        if (problems.code) return { code: t(`validation.${problems.code}`) };
        return send((values.code ?? '').trim());
      }}
      render={({ handleSubmit, submitting }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form} aria-labelledby="auth-two-factor-lead">
            <Typography.Paragraph type="secondary" id="auth-two-factor-lead">
              {t('twoFactor.lead')}
            </Typography.Paragraph>
            <TextField
              name="code"
              label={t('twoFactor.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
            />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('twoFactor.submit')}
            </Button>
            <Button type="link" onClick={onRestart}>
              {t('twoFactor.back')}
            </Button>
          </form>
        </AntForm>
      )}
    />
  );
}
