import { Field, Form } from 'react-final-form';
import { updateProxy } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { MAX_COMMENT, type Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { Card, FieldNotes, fieldAria, fieldErrorOf, ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { problemsOf } from '../common/validation.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxyPage.module.css';

/** The customer's own note on the proxy (≤ 190 characters): its name in the list, and what the search finds. */
export function CommentCard({ proxy, onSaved }: { proxy: Proxy; onSaved: (proxy: Proxy) => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const submit = async ({ comment = '' }: { comment?: string }) => {
    const problem = problemsOf({ comment }).get('comment');
    if (problem) return { comment: t(`validation.${problem}`, { max: MAX_COMMENT }) };
    // Sent as the schema reads it (trimmed), so the counter, the check and the server agree on the length.
    const outcome = await runRequest(() => updateProxy(api, proxy.id, { comment: comment.trim() }), {
      ...messages,
      saved: t('comment.saved'),
    });
    if (!outcome.ok) return outcome.errors;
    onSaved(outcome.value);
    return undefined;
  };
  return (
    <Card title={t('comment.title')}>
      <Form<{ comment?: string }>
        onSubmit={submit}
        initialValues={{ comment: proxy.comment }}
        render={({ handleSubmit, submitting, pristine }) => (
          <form className={styles.commentForm} onSubmit={handleSubmit} noValidate>
            <Field<string> name="comment">
              {({ input, meta }) => {
                const length = (input.value ?? '').trim().length;
                const error = fieldErrorOf(meta);
                return (
                  <div className={styles.grow}>
                    <label>
                      <span className={ui.fieldLabel}>{t('comment.label')}</span>
                      <input
                        className={ui.input}
                        {...input}
                        type="text"
                        placeholder={t('comment.placeholder')}
                        {...fieldAria('comment', error, true)}
                      />
                    </label>
                    <FieldNotes
                      id="comment"
                      hint={t('comment.count', { length, max: MAX_COMMENT })}
                      warns={length > MAX_COMMENT}
                      error={error}
                    />
                  </div>
                );
              }}
            </Field>
            <SubmitButton busy={submitting} unchanged={pristine}>
              {t('comment.save')}
            </SubmitButton>
          </form>
        )}
      />
    </Card>
  );
}
