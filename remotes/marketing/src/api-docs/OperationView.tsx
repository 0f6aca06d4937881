import { curlExample, pythonExample } from './examples.ts';
import { useApiDocsT } from './i18n/use-api-docs-t.ts';
import { InlineCode } from './InlineCode.tsx';
import {
  anchorOf,
  bodySchemaOf,
  errorStatusesOf,
  successOf,
  typeLabel,
  type DocOperation,
  type OpenApiDocument,
} from './openapi-doc.ts';
import { SchemaView } from './SchemaView.tsx';
import { API_PREFIX } from './try-it.ts';
import { TryIt } from './TryIt.tsx';
import styles from './ApiDocsPage.module.css';

/**
 * One operation: method and path, what it does and the scope it needs, its parameters, body and answer as readable
 * schemas, its errors, curl and Python examples, and "Try it".
 */
export function OperationView({
  document,
  operation,
  apiKey,
}: {
  document: OpenApiDocument;
  operation: DocOperation;
  apiKey: string;
}) {
  const { t } = useApiDocsT();
  const anchor = anchorOf(operation);
  const { operation: spec } = operation;
  const parameters = spec.parameters ?? [];
  const body = bodySchemaOf(spec);
  const success = successOf(spec);
  const errors = errorStatusesOf(spec);
  const scope = spec['x-scope'];
  return (
    <article id={anchor} className={styles.operation} aria-labelledby={`${anchor}-title`}>
      <h3 id={`${anchor}-title`} className={styles.operationTitle}>
        <span className={styles.summary}>{operation.summary}</span>
        <span className={styles.endpoint}>
          <span className={`${styles.method} ${styles[`method${operation.method}`] ?? ''}`}>{operation.method}</span>{' '}
          <code className={styles.path}>{API_PREFIX + operation.path}</code>
        </span>
      </h3>
      {operation.description && (
        <p className={styles.description}>
          <InlineCode text={operation.description} />
        </p>
      )}
      <p className={styles.scope}>
        {t('operation.scope')} {scope ? <code>{scope}</code> : t('operation.anyKey')}
      </p>

      {parameters.length > 0 && (
        <section aria-labelledby={`${anchor}-parameters`}>
          <h4 id={`${anchor}-parameters`} className={styles.subheading}>
            {t('operation.parameters')}
          </h4>
          {/* A wide table scrolls in its own box, which the keyboard can reach and scroll too (WCAG 2.1.1). */}
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby={`${anchor}-parameters`}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('operation.name')}</th>
                  <th scope="col">{t('operation.in')}</th>
                  <th scope="col">{t('operation.type')}</th>
                </tr>
              </thead>
              <tbody>
                {parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <th scope="row">
                      <code>{parameter.name}</code>
                      {parameter.required && <span className={styles.required}> {t('operation.required')}</span>}
                      {parameter.name === 'Idempotency-Key' && (
                        <span className={styles.propertyText}>{t('operation.idempotencyKey')}</span>
                      )}
                    </th>
                    <td>{t(`operation.places.${parameter.in}`)}</td>
                    <td>
                      <code>{typeLabel(document, parameter.schema)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {body && (
        <section aria-labelledby={`${anchor}-body`}>
          <h4 id={`${anchor}-body`} className={styles.subheading}>
            {t('operation.body')}
          </h4>
          <SchemaView document={document} schema={body} />
        </section>
      )}

      {success && (
        <section aria-labelledby={`${anchor}-answer`}>
          <h4 id={`${anchor}-answer`} className={styles.subheading}>
            {t('operation.answer', { status: success.status })}
          </h4>
          {success.schema ? <SchemaView document={document} schema={success.schema} /> : <p>{t('operation.noBody')}</p>}
        </section>
      )}
      {errors.length > 0 && <p className={styles.errors}>{t('operation.errors', { statuses: errors.join(', ') })}</p>}

      <section aria-labelledby={`${anchor}-examples`}>
        <h4 id={`${anchor}-examples`} className={styles.subheading}>
          {t('operation.examples')}
        </h4>
        <p className={styles.codeLabel}>{t('operation.curl')}</p>
        <pre className={styles.code} tabIndex={0} aria-label={`${t('operation.curl')}: ${operation.summary}`}>
          <code>{curlExample(document, operation)}</code>
        </pre>
        <p className={styles.codeLabel}>{t('operation.python')}</p>
        <pre className={styles.code} tabIndex={0} aria-label={`${t('operation.python')}: ${operation.summary}`}>
          <code>{pythonExample(document, operation)}</code>
        </pre>
      </section>

      <details className={styles.try}>
        <summary>{t('try.title')}</summary>
        <TryIt document={document} operation={operation} apiKey={apiKey} />
      </details>
    </article>
  );
}
