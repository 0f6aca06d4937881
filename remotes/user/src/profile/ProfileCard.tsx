import { Field, Form } from 'react-final-form';
import { useLocation, useNavigate } from 'react-router';
import { updateProfile } from '@proxy/contract/api/account';
import { runRequest } from '@proxy/contract/forms';
import { LANGUAGES, localizePath, splitLanguage, type Language } from '@proxy/contract/languages';
import { api, setUserAtom, userAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { Card, formatDate, ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './profile.module.css';

/**
 * Who is signed in: the e-mail, when they registered, and the language the site and the e-mails use. Saving another
 * language moves the site to it at once: the same page, query and hash under the other language's prefix, as the
 * header's language switch does.
 */
export function ProfileCard() {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(setUserAtom);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  if (!user) return null;

  const submit = async ({ language: chosen }: { language: Language }) => {
    const outcome = await runRequest(() => updateProfile(api, { language: chosen }), {
      ...messages,
      // Said in the language chosen: the page is about to speak it.
      saved: t('profile.languageSaved', { lng: chosen }),
    });
    if (!outcome.ok) return outcome.errors;
    setUser(outcome.value);
    const { language: shown, path } = splitLanguage(pathname);
    if (outcome.value.language !== shown) {
      void navigate(`${localizePath(path, outcome.value.language)}${search}${hash}`, { preventScrollReset: true });
    }
    return undefined;
  };

  return (
    <Card title={t('profile.card')}>
      <dl className={ui.facts}>
        <div>
          <dt>{t('profile.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>{t('profile.joined')}</dt>
          <dd>{formatDate(user.date_joined, language)}</dd>
        </div>
      </dl>
      <Form<{ language: Language }>
        onSubmit={submit}
        initialValues={{ language: user.language }}
        render={({ handleSubmit, submitting, pristine }) => (
          <form className={styles.inline} onSubmit={handleSubmit} noValidate>
            <Field<Language> name="language">
              {({ input }) => (
                <div className={ui.field}>
                  <label htmlFor="profile-language" className={ui.fieldLabel}>
                    {t('profile.language')}
                  </label>
                  <select {...input} id="profile-language" className={ui.input}>
                    {LANGUAGES.map((option) => (
                      <option key={option} value={option} lang={option}>
                        {t(`profile.languages.${option}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </Field>
            <SubmitButton busy={submitting} unchanged={pristine} secondary>
              {t('profile.save')}
            </SubmitButton>
          </form>
        )}
      />
    </Card>
  );
}
