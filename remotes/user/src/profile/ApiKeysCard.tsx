import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createApiKey, listApiKeys, revokeApiKey } from '@proxy/contract/api/api-keys';
import { runRequest } from '@proxy/contract/forms';
import { paths } from '@proxy/contract/routes';
import {
  API_KEY_SCOPES,
  MAX_API_KEY_NAME,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@proxy/contract/schemas/api-keys';
import { api } from '@proxy/contract/state';
import {
  Card,
  ConfirmDialog,
  CopyButton,
  errorText,
  FieldNotes,
  fieldAria,
  formatDateTime,
  LoadState,
  ui,
  useLoaded,
  useRequestMessages,
} from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './profile.module.css';

/** Each scope's label (i18next reads a colon as a namespace separator, so the keys spell it with `_`). */
const SCOPE_LABELS = {
  'proxies:read': 'apiKeys.scope.proxies_read',
  'proxies:write': 'apiKeys.scope.proxies_write',
  'proxies:rotate': 'apiKeys.scope.proxies_rotate',
  'orders:write': 'apiKeys.scope.orders_write',
  'billing:read': 'apiKeys.scope.billing_read',
} as const satisfies Record<ApiKeyScope, string>;

/**
 * Keys for the customer API (`/api/v1/`): make one with a name and what it may do, see its secret this once (with
 * "Copy" and a warning: only a hash is kept), see when and from where each key was last used, revoke one after a
 * confirmation. A revoked key stays listed, marked, so its last use can still be read.
 */
export function ApiKeysCard() {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const keys = useLoaded(language, (signal) => listApiKeys(api, signal));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly ApiKeyScope[]>(['proxies:read']);
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('forms.required');
    if (scopes.length === 0) problems.scopes = t('apiKeys.scopesRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const outcome = await runRequest(
      () => createApiKey(api, { name: name.trim(), scopes: API_KEY_SCOPES.filter((s) => scopes.includes(s)) }),
      messages,
    );
    setBusy(false);
    if (!outcome.ok) {
      setErrors(outcome.errors ?? {});
      return;
    }
    setCreated(outcome.value);
    setName('');
    keys.retry();
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    const outcome = await runRequest(() => revokeApiKey(api, revoking.id), {
      ...messages,
      saved: t('apiKeys.revoked'),
    });
    setBusy(false);
    setRevoking(null);
    if (outcome.ok) keys.retry();
  };

  return (
    <Card title={t('apiKeys.title')} wide>
      <p className={ui.muted}>{t('apiKeys.lead')}</p>
      <p>
        <Link to={paths.apiDocs(language)}>{t('apiKeys.docs')}</Link>
      </p>
      {created && (
        <div className={`${ui.notice} ${ui.noticeWarning}`} role="status">
          <p>{t('apiKeys.secretWarning', { name: created.name })}</p>
          <p className={styles.inline}>
            <code id="api-key-secret" className={styles.secret}>
              {created.secret}
            </code>
            <CopyButton
              text={created.secret}
              label={t('apiKeys.copy')}
              select={() => document.getElementById('api-key-secret')}
            />
            <button type="button" className={ui.secondaryButton} onClick={() => setCreated(null)}>
              {t('apiKeys.done')}
            </button>
          </p>
        </div>
      )}
      <form className={ui.form} onSubmit={(event) => void create(event)} noValidate>
        <div className={ui.field}>
          <label htmlFor="api-key-name" className={ui.fieldLabel}>
            {t('apiKeys.name')}
          </label>
          <input
            id="api-key-name"
            className={ui.input}
            value={name}
            maxLength={MAX_API_KEY_NAME}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            {...fieldAria('api-key-name', errorText(errors, 'name'))}
          />
          <FieldNotes id="api-key-name" error={errorText(errors, 'name')} />
        </div>
        <fieldset className={ui.chips} aria-describedby="api-key-scopes-error">
          <legend className={ui.fieldLabel}>{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className={ui.chip}>
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
              {t(SCOPE_LABELS[scope])}
            </label>
          ))}
        </fieldset>
        <FieldNotes id="api-key-scopes" error={errorText(errors, 'scopes')} />
        <div>
          <button type="submit" className={ui.primaryButton} disabled={busy} aria-busy={busy}>
            {t('apiKeys.create')}
          </button>
        </div>
      </form>
      <LoadState loaded={keys} empty={keys.data?.length === 0 ? t('apiKeys.none') : undefined} />
      {keys.data && keys.data.length > 0 && (
        <ul className={styles.sessions} aria-label={t('apiKeys.list')}>
          {keys.data.map((key) => (
            <li key={key.id} className={styles.session}>
              <div className={styles.device}>
                <span id={`api-key-${key.id}`} className={styles.deviceName}>
                  {key.name} <code>{t('apiKeys.prefix', { prefix: key.prefix })}</code>
                  {key.revoked_at !== null && <span className={ui.badge}>{t('apiKeys.revokedBadge')}</span>}
                </span>
                <span className={styles.deviceMeta}>
                  {key.scopes.map((scope) => t(SCOPE_LABELS[scope])).join(', ')}
                </span>
                <span className={styles.deviceMeta}>
                  {key.last_used_at === null
                    ? t('apiKeys.neverUsed')
                    : t('apiKeys.lastUsed', { ip: key.last_used_ip, time: formatDateTime(key.last_used_at, language) })}
                </span>
              </div>
              {key.revoked_at === null && (
                <button
                  type="button"
                  className={ui.smallButton}
                  onClick={() => setRevoking(key)}
                  disabled={busy}
                  aria-describedby={`api-key-${key.id}`}
                >
                  {t('apiKeys.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle')}
          text={t('apiKeys.revokeText', { name: revoking.name })}
          confirm={t('apiKeys.revoke')}
          busy={busy}
          onConfirm={() => void revoke()}
          onClose={() => setRevoking(null)}
        />
      )}
    </Card>
  );
}
