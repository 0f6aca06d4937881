import { useId, useRef, useState, type FormEvent } from 'react';
import { useApiDocsT } from './i18n/use-api-docs-t.ts';
import { bodySchemaOf, exampleOf, type DocOperation, type OpenApiDocument } from './openapi-doc.ts';
import { sendTry, tryUrl, type TryAnswer } from './try-it.ts';
import styles from './ApiDocsPage.module.css';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

type Outcome =
  { readonly kind: 'answer'; readonly answer: TryAnswer } | { readonly kind: 'failed'; readonly error: string };

/** A unique `Idempotency-Key` per purchase tried (a fresh one after each send). */
const freshKey = () => crypto.randomUUID();

/**
 * "Try it" for one operation: its path and query parameters, an `Idempotency-Key` for a paying request, its JSON
 * body (starting from the example), "Send", and the answer's status, budget headers and JSON.
 */
export function TryIt({
  document,
  operation,
  apiKey,
}: {
  document: OpenApiDocument;
  operation: DocOperation;
  apiKey: string;
}) {
  const { t, language } = useApiDocsT();
  const id = useId();
  const parameters = (operation.operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const idempotent = (operation.operation.parameters ?? []).some(
    (p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER,
  );
  const schema = bodySchemaOf(operation.operation);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [parameter.name, String(exampleOf(document, parameter.schema))]),
    ),
  );
  const [idempotencyKey, setIdempotencyKey] = useState<string>(freshKey);
  const [body, setBody] = useState(() => (schema ? JSON.stringify(exampleOf(document, schema), null, 2) : ''));
  const [bodyError, setBodyError] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const hasKey = apiKey.trim() !== '';
  const requestLine = [operation.method, tryUrl(operation, values)].join(' ');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasKey || sending) return;
    if (schema) {
      try {
        JSON.parse(body);
      } catch {
        setBodyError(true);
        return;
      }
    }
    setBodyError(false);
    setSending(true);
    aborter.current?.abort();
    aborter.current = new AbortController();
    try {
      const answer = await sendTry(
        operation,
        {
          key: apiKey,
          values,
          language,
          ...(idempotent ? { idempotencyKey } : {}),
          ...(schema ? { body } : {}),
        },
        aborter.current.signal,
      );
      setOutcome({ kind: 'answer', answer });
      if (idempotent) setIdempotencyKey(freshKey());
    } catch (error) {
      setOutcome({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.tryForm} onSubmit={submit} aria-label={`${t('try.title')}: ${operation.summary}`}>
      {parameters.map((parameter) => (
        <div className={styles.field} key={`${parameter.in}-${parameter.name}`}>
          <label htmlFor={`${id}-${parameter.name}`}>
            {parameter.name}{' '}
            <span className={styles.optional}>
              {t('try.parameter', {
                place: t(`operation.places.${parameter.in}`),
                need: parameter.required ? t('operation.required') : t('operation.optional'),
              })}
            </span>
          </label>
          <input
            id={`${id}-${parameter.name}`}
            className={styles.input}
            value={values[parameter.name] ?? ''}
            required={parameter.required}
            onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
          />
        </div>
      ))}
      {idempotent && (
        <div className={styles.field}>
          <label htmlFor={`${id}-idempotency`}>
            {IDEMPOTENCY_HEADER}{' '}
            <span className={styles.optional}>
              {t('try.parameter', { place: t('operation.places.header'), need: t('operation.required') })}
            </span>
          </label>
          <input
            id={`${id}-idempotency`}
            className={styles.input}
            value={idempotencyKey}
            required
            onChange={(event) => setIdempotencyKey(event.target.value)}
          />
        </div>
      )}
      {schema && (
        <div className={styles.field}>
          <label htmlFor={`${id}-body`}>{t('operation.body')}</label>
          <textarea
            id={`${id}-body`}
            className={styles.textarea}
            value={body}
            rows={Math.min(12, body.split('\n').length + 1)}
            spellCheck={false}
            aria-invalid={bodyError}
            aria-describedby={bodyError ? `${id}-body-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {bodyError && (
            <p id={`${id}-body-error`} className={styles.error} role="alert">
              {t('try.badJson')}
            </p>
          )}
        </div>
      )}
      <p className={styles.tryUrl}>
        <span className={styles.optional}>{t('try.url')}</span> <code>{requestLine}</code>
      </p>
      <div className={styles.tryActions}>
        <button
          type="submit"
          className={styles.button}
          disabled={!hasKey || sending}
          aria-describedby={hasKey ? undefined : `${id}-no-key`}
        >
          {sending ? t('try.sending') : t('try.send')}
        </button>
        {!hasKey && (
          <span id={`${id}-no-key`} className={styles.optional}>
            {t('try.noKey')}
          </span>
        )}
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'failed' && (
          <p className={styles.error} role="alert">
            {t('try.failed', { error: outcome.error })}
          </p>
        )}
        {outcome?.kind === 'answer' && <Answer answer={outcome.answer} />}
      </div>
    </form>
  );
}

function Answer({ answer }: { answer: TryAnswer }) {
  const { t } = useApiDocsT();
  return (
    <div className={styles.answer}>
      <dl className={styles.answerFacts}>
        <dt>{t('try.status')}</dt>
        <dd>
          <strong className={answer.status < 300 ? styles.ok : styles.bad}>{answer.status}</strong>
        </dd>
        {answer.headers.length > 0 && (
          <>
            <dt>{t('try.headers')}</dt>
            <dd>
              <ul className={styles.headerList}>
                {answer.headers.map(([name, value]) => (
                  <li key={name}>
                    <code>{[name, value].join(': ')}</code>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <p className={styles.optional}>{t('try.response')}</p>
      <pre className={styles.code} tabIndex={0} aria-label={t('try.response')}>
        <code>{answer.body}</code>
      </pre>
    </div>
  );
}
