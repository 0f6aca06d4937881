import { Button, Form as AntForm, Modal, Typography } from 'antd';
import { Form } from 'react-final-form';
import { confirmPasswordReset, register, requestPasswordReset } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { NewPasswordFormSchema, RecoveryFormSchema, RegistrationFormSchema } from '@proxy/contract/schemas/auth';
import { api, appStore, showMessageAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { AntdScope } from '../antd/AntdScope.tsx';
import { useHashPanel } from '../chrome/hash-panel.ts';
import { useT } from '../i18n/use-t.ts';
import { useAuthT } from './use-auth-t.ts';
import {
  authView,
  passwordResetAtom,
  recoveryViewAtom,
  afterSignInAtom,
  rememberRegistration,
  type AuthView,
} from './dialog-state.ts';
import { submitForm } from './submit.ts';
import { LoginForm } from './LoginForm.tsx';
import { TextField } from './TextField.tsx';
import styles from './AuthDialog.module.css';

/** Spec §2, §9: the dialog is at most 600 px wide. */
const DIALOG_MAX_WIDTH = 600;

/**
 * The auth dialog (spec §2, §4): modal and persistent (a click outside does not close it), one of four forms.
 * Login goes to registration or recovery; registration, recovery and password go back to login.
 */
export default function AuthDialog() {
  const { language } = useT();
  const { t } = useAuthT();
  const recovery = useAtomValue(recoveryViewAtom);
  const setRecovery = useSetAtom(recoveryViewAtom);
  const reset = useAtomValue(passwordResetAtom);
  const setReset = useSetAtom(passwordResetAtom);
  const { panel, open: openPanel, close } = useHashPanel();
  const view = authView(
    panel === 'registration' ? 'registration' : panel === 'login' ? 'login' : null,
    recovery,
    reset !== null,
  );

  const goTo = (next: AuthView) => {
    if (next === 'recovery') return setRecovery(true);
    setRecovery(false);
    if (next === 'registration' || next === 'login') openPanel(next);
  };
  const dismiss = () => {
    setReset(null);
    setRecovery(false);
    close();
  };

  return (
    <AntdScope language={language}>
      <Modal
        open
        title={t(`${view}.title`)}
        width={`min(${DIALOG_MAX_WIDTH}px, calc(100vw - 24px))`}
        footer={null}
        mask={{ closable: false }}
        keyboard={false}
        onCancel={dismiss}
        destroyOnHidden
        centered
        closable={{ 'aria-label': t('close') }}
        wrapClassName={styles.wrap}
      >
        {view === 'login' && (
          <LoginForm
            secondary={
              <div className={styles.links}>
                <Button type="link" onClick={() => goTo('recovery')}>
                  {t('login.toRecovery')}
                </Button>
                <Button type="link" onClick={() => goTo('registration')}>
                  {t('login.toRegistration')}
                </Button>
              </div>
            }
          />
        )}
        {view === 'registration' && <RegistrationForm goTo={goTo} />}
        {view === 'recovery' && <RecoveryForm goTo={goTo} />}
        {view === 'password' && <PasswordForm goTo={goTo} />}
      </Modal>
    </AntdScope>
  );
}

type Navigate = { goTo: (view: AuthView) => void };

function RegistrationForm({ goTo }: Navigate) {
  const { t } = useAuthT();
  const show = useSetAtom(showMessageAtom);
  return (
    <Form<{ email?: string; password1?: string; password2?: string }>
      onSubmit={(values) =>
        submitForm(RegistrationFormSchema, values, t, async (valid) => {
          const email = (valid.email ?? '').trim();
          const { detail } = await register(api, {
            email,
            password1: valid.password1 ?? '',
            password2: valid.password2 ?? '',
          });
          // Successful registration shows the server's detail and switches to login (spec §4).
          show(detail, 'success');
          rememberRegistration({ email, next: appStore.get(afterSignInAtom) });
          goTo('login');
        })
      }
      render={({ handleSubmit, submitting }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form}>
            <Typography.Paragraph type="secondary">{t('registration.lead')}</Typography.Paragraph>
            <TextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
            <TextField name="password1" label={t('fields.password')} type="password" autoComplete="new-password" />
            <TextField name="password2" label={t('fields.password2')} type="password" autoComplete="new-password" />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('registration.submit')}
            </Button>
            <div className={styles.links}>
              <Button type="link" onClick={() => goTo('login')}>
                {t('registration.toLogin')}
              </Button>
            </div>
          </form>
        </AntForm>
      )}
    />
  );
}

function RecoveryForm({ goTo }: Navigate) {
  const { t } = useAuthT();
  const show = useSetAtom(showMessageAtom);
  return (
    <Form<{ email?: string }>
      onSubmit={(values) =>
        submitForm(RecoveryFormSchema, values, t, async (valid) => {
          const { detail } = await requestPasswordReset(api, (valid.email ?? '').trim());
          show(detail, 'success');
          goTo('login');
        })
      }
      render={({ handleSubmit, submitting }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form}>
            <Typography.Paragraph type="secondary">{t('recovery.lead')}</Typography.Paragraph>
            <TextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('recovery.submit')}
            </Button>
            <div className={styles.links}>
              <Button type="link" onClick={() => goTo('login')}>
                {t('recovery.toLogin')}
              </Button>
            </div>
          </form>
        </AntForm>
      )}
    />
  );
}

function PasswordForm({ goTo }: Navigate) {
  const { t } = useAuthT();
  // The stale-link message is the one the e-mail links use, in the page's own strings.
  const { t: tPage } = useT();
  const reset = useAtomValue(passwordResetAtom);
  const setReset = useSetAtom(passwordResetAtom);
  const show = useSetAtom(showMessageAtom);
  const backToLogin = () => {
    setReset(null);
    goTo('login');
  };
  return (
    <Form<{ new_password1?: string; new_password2?: string }>
      onSubmit={(values) =>
        submitForm(NewPasswordFormSchema, values, t, async (valid) => {
          let answer: { detail?: string };
          try {
            answer = await confirmPasswordReset(api, {
              uid: reset?.uid ?? '',
              token: reset?.token ?? '',
              new_password1: valid.new_password1 ?? '',
              new_password2: valid.new_password2 ?? '',
            });
          } catch (error) {
            // A bad, used or expired link (spec §8): the server says `token: Invalid value`.
            if (error instanceof ApiError && (error.fieldErrors.token || error.fieldErrors.uid)) {
              show(tPage('auth.tokenExpired'), 'error');
              // The link is spent: back to login, where "forgot your password?" asks for a new one.
              backToLogin();
              return;
            }
            throw error;
          }
          // Spec §8: a detail means success; a success without one is 'Произошла ошибка'.
          if (!answer.detail) throw new Error('Password reset answered without a detail');
          show(t('passwordChanged'), 'success');
          backToLogin();
        })
      }
      render={({ handleSubmit, submitting }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form}>
            <TextField
              name="new_password1"
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              autoFocus
            />
            <TextField
              name="new_password2"
              label={t('fields.newPassword2')}
              type="password"
              autoComplete="new-password"
            />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('password.submit')}
            </Button>
            <div className={styles.links}>
              <Button type="link" onClick={backToLogin}>
                {t('password.toLogin')}
              </Button>
            </div>
          </form>
        </AntForm>
      )}
    />
  );
}
