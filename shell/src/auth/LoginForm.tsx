import type { ReactNode } from 'react';
import { Button, Form as AntForm } from 'antd';
import { Form } from 'react-final-form';
import { LoginFormSchema } from '@proxy/contract/schemas/auth';
import { useT } from '../i18n/use-t.ts';
import { signIn } from '../session/session.ts';
import { submitForm } from './submit.ts';
import { TextField } from './TextField.tsx';
import styles from './AuthDialog.module.css';

/** E-mail + password sign-in (spec §5: both required), used by the auth dialog and the panel's sign-in page. */
export function LoginForm({ secondary }: { secondary?: ReactNode }) {
  const { t } = useT();
  return (
    <Form<{ email?: string; password?: string }>
      onSubmit={(values) =>
        submitForm(LoginFormSchema, values, t, (valid) =>
          signIn({ email: (valid.email ?? '').trim(), password: valid.password ?? '' }),
        )
      }
      render={({ handleSubmit, submitting }) => (
        <AntForm component={false} layout="vertical">
          <form onSubmit={handleSubmit} noValidate className={styles.form}>
            <TextField name="email" label={t('auth.fields.email')} type="email" autoComplete="username" autoFocus />
            <TextField
              name="password"
              label={t('auth.fields.password')}
              type="password"
              autoComplete="current-password"
            />
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('auth.login.submit')}
            </Button>
            {secondary}
          </form>
        </AntForm>
      )}
    />
  );
}
