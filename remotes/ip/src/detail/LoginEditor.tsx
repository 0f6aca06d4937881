import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import * as v from 'valibot';
import { changeProxyLogin } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { type Proxy, ProxyLoginSchema } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { FieldNotes, fieldAria, fieldErrorOf, ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxyPage.module.css';

/**
 * The proxy's login, and "Change" for one of the owner's own: checked by the contract's rule before sending (the
 * API lower-cases it, as this field shows it), a login another proxy has refused on the field by the API. The old
 * login stops working at the agent within seconds, which the saved message says.
 */
export function LoginEditor({ proxy, onSaved }: { proxy: Proxy; onSaved: (proxy: Proxy) => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [editing, setEditing] = useState(false);

  const save = async ({ login }: { login?: string }) => {
    const parsed = v.safeParse(ProxyLoginSchema, { login: login ?? '' });
    if (!parsed.success) return { login: t('validation.login') };
    if (parsed.output.login === proxy.login) {
      setEditing(false);
      return undefined;
    }
    const outcome = await runRequest(() => changeProxyLogin(api, proxy.id, parsed.output.login), {
      ...messages,
      saved: t('connection.loginChanged'),
    });
    if (!outcome.ok) {
      const errors = outcome.errors as { login?: string } | undefined;
      return errors?.login ? { login: errors.login } : undefined;
    }
    onSaved(outcome.value);
    setEditing(false);
    return undefined;
  };

  if (!editing) {
    return (
      <button type="button" className={ui.smallButton} onClick={() => setEditing(true)}>
        {t('connection.changeLogin')}
      </button>
    );
  }
  return (
    <Form<{ login?: string }>
      onSubmit={save}
      initialValues={{ login: proxy.login }}
      render={({ handleSubmit, submitting }) => (
        <form className={styles.intervalForm} onSubmit={handleSubmit} noValidate>
          <Field<string> name="login" parse={(value) => value.toLowerCase()}>
            {({ input, meta }) => {
              const error = fieldErrorOf(meta);
              return (
                <div className={styles.grow}>
                  <label>
                    <span className={ui.fieldLabel}>{t('connection.newLogin')}</span>
                    <input
                      className={ui.input}
                      {...input}
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      maxLength={32}
                      {...fieldAria('login', error, true)}
                    />
                  </label>
                  <FieldNotes id="login" hint={t('connection.loginHelp')} error={error} />
                </div>
              );
            }}
          </Field>
          <SubmitButton busy={submitting} secondary>
            {t('connection.saveLogin')}
          </SubmitButton>
          <button type="button" className={ui.smallButton} onClick={() => setEditing(false)}>
            {t('connection.cancelLogin')}
          </button>
        </form>
      )}
    />
  );
}
