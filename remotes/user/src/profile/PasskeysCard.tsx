import { useState, type FormEvent } from 'react';
import {
  addPasskey,
  listPasskeys,
  passkeyCreationOptions,
  removePasskey,
  renamePasskey,
} from '@proxy/contract/api/two-factor';
import { runRequest } from '@proxy/contract/forms';
import { createPasskey, passkeyCancelled, passkeysSupported } from '@proxy/contract/passkeys';
import { PASSKEY_NAME_MAX, type Passkey } from '@proxy/contract/schemas/two-factor';
import { api } from '@proxy/contract/state';
import {
  Card,
  errorText,
  FieldNotes,
  fieldAria,
  formatDate,
  LoadState,
  ui,
  useLoaded,
  useRequestMessages,
} from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './two-factor.module.css';

type Errors = Record<string, unknown>;

/**
 * Passkeys (issue #48): sign in with the device's fingerprint, face or PIN instead of the password, or as the second
 * step after it. Added with the password again (then the browser's own prompt), named, listed, renamed and removed
 * with the password. Adding or removing one signs the other devices out (`onChanged`).
 */
export function PasskeysCard({ onChanged }: { onChanged: () => void }) {
  const { t, language } = useT();
  const list = useLoaded(language, (signal) => listPasskeys(api, signal));
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();
  const changed = () => {
    setAdding(false);
    list.retry();
    onChanged();
  };
  return (
    <Card title={t('passkeys.title')} wide>
      <p className={ui.muted}>{t('passkeys.lead')}</p>
      <LoadState loaded={list} />
      {list.data && list.data.length > 0 && (
        <ul className={styles.passkeys} aria-label={t('passkeys.listLabel')}>
          {list.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRenamed={list.retry} onRemoved={changed} />
          ))}
        </ul>
      )}
      {list.data?.length === 0 && <p>{t('passkeys.none')}</p>}
      {!supported && <p className={`${ui.notice} ${ui.noticeWarning}`}>{t('passkeys.unsupported')}</p>}
      {supported && adding && <AddForm onAdded={changed} onCancel={() => setAdding(false)} />}
      {supported && !adding && (
        <div>
          <button type="button" className={ui.primaryButton} onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </button>
        </div>
      )}
    </Card>
  );
}

function PasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
}) {
  const { t } = useT();
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.fieldLabel}>
        {t('passkeys.password')}
      </label>
      <input
        id={id}
        type="password"
        className={ui.input}
        value={value}
        autoComplete="current-password"
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, error)}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function NameField({
  id,
  value,
  onChange,
  error,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
  autoFocus?: boolean;
}) {
  const { t } = useT();
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.fieldLabel}>
        {t('passkeys.name')}
      </label>
      <input
        id={id}
        className={ui.input}
        value={value}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, error)}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function AddForm({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!name.trim()) problems.name = t('forms.required');
    if (!password) problems.password = t('forms.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const options = await runRequest(() => passkeyCreationOptions(api, password), messages);
      if (!options.ok) return setErrors(options.errors ?? {});
      let credential;
      try {
        credential = await createPasskey(options.value);
      } catch (error) {
        return setErrors({ credential: t(passkeyCancelled(error) ? 'passkeys.cancelled' : 'passkeys.failed') });
      }
      const added = await runRequest(() => addPasskey(api, { name: name.trim(), credential }), {
        ...messages,
        saved: t('passkeys.added'),
      });
      if (!added.ok) return setErrors(added.errors ?? {});
      onAdded();
    } finally {
      setBusy(false);
    }
  };
  const problem = errorText(errors, 'credential');
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="passkey-add-title">
      <h3 id="passkey-add-title" className={styles.subtitle}>
        {t('passkeys.addTitle')}
      </h3>
      <NameField id="passkey-name" value={name} onChange={setName} error={errorText(errors, 'name')} autoFocus />
      <p className={ui.muted}>{t('passkeys.nameHint')}</p>
      <PasswordField
        id="passkey-password"
        value={password}
        onChange={setPassword}
        error={errorText(errors, 'password')}
      />
      {problem && (
        <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.primaryButton} disabled={busy} aria-busy={busy}>
          {t('passkeys.create')}
        </button>
        <button type="button" className={ui.secondaryButton} onClick={onCancel}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}

function PasskeyItem({
  passkey,
  onRenamed,
  onRemoved,
}: {
  passkey: Passkey;
  onRenamed: () => void;
  onRemoved: () => void;
}) {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const prefix = `passkey-${passkey.id}`;

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: t('forms.required') });
    setBusy(true);
    const outcome = await runRequest(() => renamePasskey(api, passkey.id, name.trim()), {
      ...messages,
      saved: t('passkeys.renamed'),
    });
    setBusy(false);
    if (!outcome.ok) return setErrors(outcome.errors ?? {});
    setMode('view');
    onRenamed();
  };
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrors({ password: t('forms.required') });
    setBusy(true);
    const outcome = await runRequest(() => removePasskey(api, passkey.id, password), {
      ...messages,
      saved: t('passkeys.removed'),
    });
    setBusy(false);
    if (!outcome.ok) return setErrors(outcome.errors ?? {});
    onRemoved();
  };
  const close = () => {
    setMode('view');
    setErrors({});
    setName(passkey.name);
    setPassword('');
  };

  return (
    <li className={styles.passkey}>
      <p className={styles.passkeyName}>{passkey.name}</p>
      <p className={ui.muted}>
        {t('passkeys.dates', {
          added: t('passkeys.addedOn', { date: formatDate(passkey.created_at, language) }),
          used: passkey.last_used_at
            ? t('passkeys.usedOn', { date: formatDate(passkey.last_used_at, language) })
            : t('passkeys.notUsed'),
        })}
      </p>
      {mode === 'view' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={ui.smallButton}
            aria-label={t('passkeys.renameLabel', { name: passkey.name })}
            onClick={() => setMode('rename')}
          >
            {t('passkeys.rename')}
          </button>
          <button
            type="button"
            className={ui.smallButton}
            aria-label={t('passkeys.removeLabel', { name: passkey.name })}
            onClick={() => setMode('remove')}
          >
            {t('passkeys.remove')}
          </button>
        </div>
      )}
      {mode === 'rename' && (
        <form className={ui.form} onSubmit={(event) => void rename(event)} noValidate>
          <NameField
            id={`${prefix}-name`}
            value={name}
            onChange={setName}
            error={errorText(errors, 'name')}
            autoFocus
          />
          <div className={styles.actions}>
            <button type="submit" className={ui.primaryButton} disabled={busy} aria-busy={busy}>
              {t('passkeys.save')}
            </button>
            <button type="button" className={ui.secondaryButton} onClick={close}>
              {t('passkeys.cancel')}
            </button>
          </div>
        </form>
      )}
      {mode === 'remove' && (
        <form className={ui.form} onSubmit={(event) => void remove(event)} noValidate>
          <p>{t('passkeys.removeLead')}</p>
          <PasswordField
            id={`${prefix}-password`}
            value={password}
            onChange={setPassword}
            error={errorText(errors, 'password')}
          />
          <div className={styles.actions}>
            <button type="submit" className={ui.dangerButton} disabled={busy} aria-busy={busy}>
              {t('passkeys.removeConfirm')}
            </button>
            <button type="button" className={ui.secondaryButton} onClick={close}>
              {t('passkeys.cancel')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
