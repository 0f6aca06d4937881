import { useState, type FormEvent, type ReactNode } from 'react';
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '@proxy/contract/api/two-factor';
import { runRequest } from '@proxy/contract/forms';
import type { TotpEnrolment } from '@proxy/contract/schemas/two-factor';
import { api } from '@proxy/contract/state';
import {
  Card,
  CopyButton,
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

/** The anchor the panel sends staff to when it asks them to enrol first (`/user#two-factor`). */
export const TWO_FACTOR_ANCHOR = 'two-factor';

type Errors = Record<string, unknown>;

/**
 * Two-factor sign-in with an authenticator app (issue #48): turn it on (a QR code and the secret, shown this once,
 * then a first code from the app), ten recovery codes shown once (copy, download), new recovery codes for a code, and
 * turning it off with the password and a code. Every change signs the other devices out (`onChanged`).
 */
export function TwoFactorCard({ onChanged }: { onChanged: () => void }) {
  const { t, language } = useT();
  const status = useLoaded(language, (signal) => getTwoFactorStatus(api, signal));
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const state = status.data;

  const changed = (recoveryCodes: readonly string[] | null) => {
    setEnrolment(null);
    setCodes(recoveryCodes);
    status.retry();
    onChanged();
  };

  let body: ReactNode = null;
  if (codes) body = <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />;
  else if (enrolment) body = <Enrolment enrolment={enrolment} onCancel={() => setEnrolment(null)} onOn={changed} />;
  else if (state?.enabled) {
    body = (
      <>
        <p className={`${ui.notice} ${ui.noticeSuccess}`}>
          {t('twoFactor.on', { date: formatDate(state.confirmed_at ?? '', language) })}
        </p>
        <p className={ui.muted}>{t('twoFactor.codesLeft', { count: state.recovery_codes_left })}</p>
        <Regenerate onRegenerated={(recoveryCodes) => changed(recoveryCodes)} />
        <Disable onOff={() => changed(null)} />
      </>
    );
  } else if (state) {
    body = <Start required={state.required} onStarted={setEnrolment} />;
  }

  return (
    <Card title={t('twoFactor.title')} wide>
      <p id={TWO_FACTOR_ANCHOR} className={ui.muted}>
        {t('twoFactor.lead')}
      </p>
      <LoadState loaded={status} />
      {body}
    </Card>
  );
}

function Start({ required, onStarted }: { required: boolean; onStarted: (enrolment: TotpEnrolment) => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const outcome = await runRequest(() => startTotpEnrolment(api), messages);
    setBusy(false);
    if (outcome.ok) onStarted(outcome.value);
  };
  return (
    <>
      {required && (
        <p className={`${ui.notice} ${ui.noticeWarning}`} role="status">
          {t('twoFactor.required')}
        </p>
      )}
      <div>
        <button
          type="button"
          className={ui.primaryButton}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void start()}
        >
          {t('twoFactor.start')}
        </button>
      </div>
    </>
  );
}

/** A code field of this card's forms: the authenticator's digits or a recovery code. */
function CodeField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
}) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className={`${ui.input} ${styles.code}`}
        value={value}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, error)}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function Enrolment({
  enrolment,
  onCancel,
  onOn,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onOn: (codes: readonly string[]) => void;
}) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors({ code: t('forms.required') });
    setBusy(true);
    const outcome = await runRequest(() => confirmTotpEnrolment(api, code.trim()), messages);
    setBusy(false);
    if (!outcome.ok) return setErrors(outcome.errors ?? {});
    onOn(outcome.value.recovery_codes);
  };
  return (
    <div className={styles.enrolment}>
      <ol className={styles.steps}>
        <li>
          <p>{t('twoFactor.scan')}</p>
          <img className={styles.qr} src={enrolment.qr} alt={t('twoFactor.qrAlt')} width={200} height={200} />
        </li>
        <li>
          <p>{t('twoFactor.orType')}</p>
          <p className={styles.secretRow}>
            <code id="two-factor-secret" className={styles.secret}>
              {enrolment.secret}
            </code>
            <CopyButton
              text={enrolment.secret}
              label={t('twoFactor.copySecret')}
              select={() => document.getElementById('two-factor-secret')}
            />
          </p>
          <p className={ui.muted}>{t('twoFactor.secretOnce')}</p>
        </li>
        <li>
          <form className={ui.form} onSubmit={(event) => void confirm(event)} noValidate>
            <CodeField
              id="two-factor-confirm-code"
              label={t('twoFactor.firstCode')}
              value={code}
              onChange={setCode}
              error={errorText(errors, 'code')}
            />
            <div className={styles.actions}>
              <button type="submit" className={ui.primaryButton} disabled={busy} aria-busy={busy}>
                {t('twoFactor.turnOn')}
              </button>
              <button type="button" className={ui.secondaryButton} onClick={onCancel}>
                {t('twoFactor.cancel')}
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useT();
  const text = `${codes.join('\n')}\n`;
  return (
    <div className={`${ui.notice} ${ui.noticeWarning}`} role="status">
      <p>{t('twoFactor.codesOnce')}</p>
      <ul id="two-factor-recovery-codes" className={styles.codes} aria-label={t('twoFactor.codesList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className={styles.actions}>
        <CopyButton
          text={text}
          label={t('twoFactor.copyCodes')}
          select={() => document.getElementById('two-factor-recovery-codes')}
        />
        <a
          className={ui.secondaryButton}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          {t('twoFactor.download')}
        </a>
        <button type="button" className={ui.secondaryButton} onClick={onDone}>
          {t('twoFactor.saved')}
        </button>
      </p>
    </div>
  );
}

function Regenerate({ onRegenerated }: { onRegenerated: (codes: readonly string[]) => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors({ code: t('forms.required') });
    setBusy(true);
    const outcome = await runRequest(() => regenerateRecoveryCodes(api, code.trim()), messages);
    setBusy(false);
    if (!outcome.ok) return setErrors(outcome.errors ?? {});
    setCode('');
    setErrors({});
    onRegenerated(outcome.value.recovery_codes);
  };
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="two-factor-regen">
      <h3 id="two-factor-regen" className={styles.subtitle}>
        {t('twoFactor.regenerateTitle')}
      </h3>
      <CodeField
        id="two-factor-regenerate-code"
        label={t('twoFactor.code')}
        value={code}
        onChange={setCode}
        error={errorText(errors, 'code')}
      />
      <div>
        <button type="submit" className={ui.secondaryButton} disabled={busy} aria-busy={busy}>
          {t('twoFactor.regenerate')}
        </button>
      </div>
    </form>
  );
}

function Disable({ onOff }: { onOff: () => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    if (!password) problems.password = t('forms.required');
    if (!code.trim()) problems.code = t('forms.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const outcome = await runRequest(() => disableTwoFactor(api, { password, code: code.trim() }), {
      ...messages,
      saved: t('twoFactor.off'),
    });
    setBusy(false);
    if (!outcome.ok) return setErrors(outcome.errors ?? {});
    onOff();
  };
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="two-factor-off">
      <h3 id="two-factor-off" className={styles.subtitle}>
        {t('twoFactor.disableTitle')}
      </h3>
      <div className={ui.field}>
        <label htmlFor="two-factor-password" className={ui.fieldLabel}>
          {t('twoFactor.password')}
        </label>
        <input
          id="two-factor-password"
          type="password"
          className={ui.input}
          value={password}
          autoComplete="current-password"
          onChange={(event) => setPassword(event.target.value)}
          {...fieldAria('two-factor-password', errorText(errors, 'password'))}
        />
        <FieldNotes id="two-factor-password" error={errorText(errors, 'password')} />
      </div>
      <CodeField
        id="two-factor-disable-code"
        label={t('twoFactor.code')}
        value={code}
        onChange={setCode}
        error={errorText(errors, 'code')}
      />
      <div>
        <button type="submit" className={ui.secondaryButton} disabled={busy} aria-busy={busy}>
          {t('twoFactor.disable')}
        </button>
      </div>
    </form>
  );
}
