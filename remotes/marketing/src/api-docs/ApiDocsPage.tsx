import { useId, useMemo, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import { paths } from '@proxy/contract/routes';
import type en from './i18n/en.json';
import { useApiDocsT } from './i18n/use-api-docs-t.ts';
import { InlineCode } from './InlineCode.tsx';
import { anchorOf, groupOperations, isOpenApiDocument, scopesOf, type OpenApiDocument } from './openapi-doc.ts';
import { OperationView } from './OperationView.tsx';
import { API_PREFIX } from './try-it.ts';
import styles from './ApiDocsPage.module.css';

const ERROR_EXAMPLE = `{
  "error": {
    "code": "invalid_request",
    "message": "Invalid input.",
    "fields": { "login": ["This login is taken: choose another one."] }
  }
}`;

/** A scope as the strings spell it (a scope the strings do not know shows without words). */
type ScopeKey = keyof typeof en.scopes;

const AUTH_HEADER = 'Authorization: Bearer mpk_…';

const INTRO = ['errors', 'limits', 'pagination', 'idempotency'] as const;

/**
 * The document the server makes from its routes, from this site (same origin, no credentials: it is public). A
 * failure is the error page's, with the answer's status.
 */
export async function loadApiDocs({ signal }: PageLoaderArgs): Promise<OpenApiDocument> {
  const response = await fetch(`${API_PREFIX}/openapi.json`, { signal, credentials: 'omit' });
  if (!response.ok) throw Object.assign(new Error('openapi.json'), { status: response.status });
  const document: unknown = await response.json();
  if (!isOpenApiDocument(document)) throw Object.assign(new Error('openapi.json'), { status: 502 });
  return document;
}

/**
 * `/api-docs`: the customer API's documentation in the page's language, rendered from the OpenAPI document the API
 * serves (no third-party renderer, nothing from a CDN): how to authenticate, the error shape, rate limits,
 * pagination and idempotency, then every operation by tag with its examples and "Try it" with the visitor's key.
 */
export function ApiDocsPage() {
  const document = useLoaderData() as OpenApiDocument;
  const { t, language } = useApiDocsT();
  const keyId = useId();
  // The key lives in this component's state only: never stored, gone with the page.
  const [apiKey, setApiKey] = useState('');
  const groups = useMemo(() => groupOperations(document, language), [document, language]);
  const scopes = useMemo(() => scopesOf(document), [document]);
  return (
    <article className={styles.page} aria-labelledby="api-docs-title">
      <title>{t('title')}</title>
      <h1 id="api-docs-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>

      <nav aria-label={t('contents')} className={styles.toc}>
        <ul>
          <li>
            <a href="#auth">{t('intro.auth.title')}</a>
          </li>
          {INTRO.map((part) => (
            <li key={part}>
              <a href={`#${part}`}>{t(`intro.${part}.title`)}</a>
            </li>
          ))}
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`#tag-${group.tag}`}>{group.name}</a>
              <ul>
                {group.operations.map((operation) => (
                  <li key={anchorOf(operation)}>
                    <a href={`#${anchorOf(operation)}`}>{operation.summary}</a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>

      <section id="auth" aria-labelledby="auth-title" className={styles.intro}>
        <h2 id="auth-title">{t('intro.auth.title')}</h2>
        <p>
          <InlineCode text={t('intro.auth.text')} />
        </p>
        <pre className={styles.code} tabIndex={0}>
          <code>{AUTH_HEADER}</code>
        </pre>
        <p>
          <Link to={paths.user(undefined, language)}>{t('intro.auth.createKey')}</Link>
        </p>
        <p>
          <InlineCode text={t('intro.auth.scopes')} />
        </p>
        <dl className={styles.scopes}>
          {scopes.map((scope) => (
            <div key={scope}>
              <dt>
                <code>{scope}</code>
              </dt>
              {/* i18next reads `:` as its namespace separator: the keys spell scopes with `_`. */}
              <dd>{t(`scopes.${scope.replace(':', '_') as ScopeKey}`, { defaultValue: '' })}</dd>
            </div>
          ))}
        </dl>
      </section>
      {INTRO.map((part) => (
        <section key={part} id={part} aria-labelledby={`${part}-title`} className={styles.intro}>
          <h2 id={`${part}-title`}>{t(`intro.${part}.title`)}</h2>
          <p>
            <InlineCode text={t(`intro.${part}.text`)} />
          </p>
          {part === 'errors' && (
            <pre className={styles.code} tabIndex={0}>
              <code>{ERROR_EXAMPLE}</code>
            </pre>
          )}
        </section>
      ))}

      <section aria-labelledby="key-title" className={styles.keyBox}>
        <h2 id="key-title">{t('key.title')}</h2>
        <label htmlFor={keyId}>{t('key.label')}</label>
        <input
          id={keyId}
          className={styles.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="mpk_…"
          value={apiKey}
          aria-describedby={`${keyId}-hint`}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <p id={`${keyId}-hint`} className={styles.hint}>
          {t('key.hint')}
        </p>
      </section>

      {groups.map((group) => (
        <section key={group.tag} id={`tag-${group.tag}`} aria-labelledby={`tag-${group.tag}-title`}>
          <h2 id={`tag-${group.tag}-title`} className={styles.groupTitle}>
            {group.name}
          </h2>
          {group.operations.map((operation) => (
            <OperationView key={anchorOf(operation)} document={document} operation={operation} apiKey={apiKey} />
          ))}
        </section>
      ))}
    </article>
  );
}
