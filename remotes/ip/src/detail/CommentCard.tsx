import { Field, Form } from 'react-final-form';
import { updateProxy } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { MAX_COMMENT, type Proxy } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import { Card, fieldErrorOf, ui, useRequestMessages } from '@proxy/site-kit';
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
                        aria-invalid={error !== ''}
                        aria-describedby="comment-count comment-error"
                      />
                    </label>
                    <span id="comment-count" className={length > MAX_COMMENT ? ui.fieldError : ui.hint}>
                      {t('comment.count', { length, max: MAX_COMMENT })}
                    </span>
                    <span id="comment-error" className={ui.fieldError} role={error ? 'alert' : undefined}>
                      {error}
                    </span>
                  </div>
                );
              }}
            </Field>
            <button type="submit" className={ui.primaryButton} disabled={submitting || pristine} aria-busy={submitting}>
              {t('comment.save')}
            </button>
          </form>
        )}
      />
    </Card>
  );
}
