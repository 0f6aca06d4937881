import { useState, type ReactNode } from 'react';
import { Button, Form as AntForm, Typography } from 'antd';
import { Form } from 'react-final-form';
import { resendEmail } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError, runRequest } from '@proxy/contract/forms';
import { EMAIL_NOT_VERIFIED, formErrors, LoginFormSchema, TwoFactorCodeFormSchema } from '@proxy/contract/schemas/auth';
import { api, appStore, showMessageAtom } from '@proxy/contract/state';
import { useAuthT } from './use-auth-t.ts';
import { passkeyCancelled, passkeysSupported } from '@proxy/contract/passkeys';
import { completeSignIn, completeSignInWithPasskey, signIn, type SignInStep } from '../session/session.ts';
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
  const [step, setStep] = useState<SignInStep>(null);
  // After registering, and from the confirmation link: the address just registered here (#28); the password is next.
  const [initialEmail] = useState(() => registration()?.email ?? '');
  const resend = async (email: string) => {
    const outcome = await runRequest(() => resendEmail(api, email), {
      networkError: t('networkError'),
      unknownError: t('unknownError'),
    });
    if (outcome.ok) appStore.set(showMessageAtom, outcome.value.detail, 'success');
  };
  if (step !== null) return <SecondStep step={step} onRestart={() => setStep(null)} />;
  return (
    <Form<{ email?: string; password?: string }>
      initialValues={{ email: initialEmail || undefined }}
      onSubmit={(values) =>
        submitForm(LoginFormSchema, values, t, async (valid) => {
          const next = await signIn({ email: (valid.email ?? '').trim(), password: valid.password ?? '' });
          if (next) setStep(next);
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
            {passkeysSupported() && <PasskeyButton label={t('login.passkey')} />}
            {secondary}
          </form>
        </AntForm>
      )}
    />
  );
}

/**
 * Signs in with a passkey: alone (no `challenge`), or as the second step of the sign-in whose challenge it is. The
 * browser's prompt closed is no error; an expired sign-in starts over (`onExpired`), with the reason.
 */
function PasskeyButton({
  label,
  challenge,
  onExpired,
  primary,
}: {
  label: string;
  challenge?: string;
  onExpired?: () => void;
  primary?: boolean;
}) {
  const { t } = useAuthT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await completeSignInWithPasskey(challenge);
      markSignedIn();
    } catch (error) {
      if (passkeyCancelled(error)) return;
      if (error instanceof ApiError && error.fieldErrors.challenge) {
        appStore.set(showMessageAtom, error.fieldErrors.challenge.join(' '), 'error');
        onExpired?.();
        return;
      }
      if (error instanceof ApiError || !(error instanceof Error) || error.name === 'NetworkError') {
        reportRequestError(error, { networkError: t('networkError'), unknownError: t('unknownError') });
        return;
      }
      appStore.set(showMessageAtom, t('passkey.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      className={styles.passkey}
      type={primary ? 'primary' : 'default'}
      size="large"
      block
      loading={busy}
      // The second step by passkey alone: its one action has the focus, as the code field has otherwise.
      autoFocus={primary}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}

/**
 * The sign-in's second step (issue #48): a code from the authenticator app or one of the recovery codes, or one of
 * the account's passkeys, as the account has. A wrong or used code is shown on the field; a challenge that expired
 * (or was used) starts the sign-in over, with the reason.
 */
function SecondStep({ step, onRestart }: { step: NonNullable<SignInStep>; onRestart: () => void }) {
  const { t } = useAuthT();
  const { challenge, methods } = step;
  const messages = { networkError: t('networkError'), unknownError: t('unknownError') };
  const withCode = methods.includes('totp');
  const withPasskey = methods.includes('passkey') && passkeysSupported();
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
  const lead = withCode ? (withPasskey ? t('twoFactor.leadBoth') : t('twoFactor.lead')) : t('twoFactor.leadPasskey');
  const passkey = withPasskey && (
    <PasskeyButton label={t('twoFactor.passkey')} challenge={challenge} onExpired={onRestart} primary={!withCode} />
  );
  if (!withCode) {
    return (
      <div className={styles.form} role="group" aria-labelledby="auth-two-factor-lead">
        <Typography.Paragraph type="secondary" id="auth-two-factor-lead">
          {lead}
        </Typography.Paragraph>
        {passkey}
        <Button type="link" onClick={onRestart}>
          {t('twoFactor.back')}
        </Button>
      </div>
    );
  }
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
              {lead}
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
            {passkey}
            <Button type="link" onClick={onRestart}>
              {t('twoFactor.back')}
            </Button>
          </form>
        </AntForm>
      )}
    />
  );
}
