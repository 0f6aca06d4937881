import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { stepUp, stepUpOptions } from '@proxy/contract/api/two-factor';
import { ApiError, type StepUpRequired } from '@proxy/contract/api/errors';
import { reportRequestError } from '@proxy/contract/forms';
import { passkeyCancelled, passkeysSupported, signWithPasskey } from '@proxy/contract/passkeys';
import { api, setStepUpHandler } from '@proxy/contract/state';
import { usePanelT } from './use-panel-t.ts';
import styles from './StepUpDialog.module.css';

interface Asked {
  readonly required: StepUpRequired;
  readonly answer: (confirmed: boolean) => void;
}

/**
 * Step-up (issue #48): when the panel's API wants a second factor confirmed again before money moves (a balance
 * adjusted, an invoice marked paid, a payment method's address, rate or secrets, another account's permissions), this
 * dialog asks for a code from the authenticator app (or a recovery code) or a passkey; once confirmed, the request
 * that was refused is sent again by the API client. Closing it leaves the refusal to the form that sent it.
 */
export function StepUpDialog() {
  const { t } = usePanelT();
  const [asked, setAsked] = useState<Asked | null>(null);
  // Requests refused at once share one dialog and are all sent again once it is confirmed.
  const pending = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    setStepUpHandler((required) => {
      pending.current ??= new Promise<boolean>((resolve) => {
        setAsked({
          required,
          answer: (confirmed) => {
            pending.current = null;
            setAsked(null);
            resolve(confirmed);
          },
        });
      });
      return pending.current;
    });
    return () => setStepUpHandler(null);
  }, []);

  return (
    <Modal
      open={asked !== null}
      title={t('stepUp.title')}
      footer={null}
      destroyOnHidden
      // In a browser `autoFocus` fires while the dialog is still opening, and the dialog's focus lock then settles on its
      // first control, the close button: the field (or the passkey button) is focused again once it is open.
      afterOpenChange={(open) => {
        if (open) document.querySelector<HTMLElement>('[data-step-up-first]')?.focus();
      }}
      onCancel={() => asked?.answer(false)}
    >
      {asked && <StepUpForm asked={asked} />}
    </Modal>
  );
}

function StepUpForm({ asked }: { asked: Asked }) {
  const { t } = usePanelT();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const messages = { networkError: t('stepUp.networkError'), unknownError: t('stepUp.unknownError') };
  const { methods } = asked.required;
  const withCode = methods.includes('totp');
  const withPasskey = methods.includes('passkey') && passkeysSupported();

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('stepUp.required'));
    setBusy(true);
    try {
      await stepUp(api, { code: code.trim() });
      asked.answer(true);
    } catch (failure) {
      const errors = reportRequestError(failure, messages);
      setError(String(errors?.code ?? ''));
    } finally {
      setBusy(false);
    }
  };

  const passkey = async () => {
    setBusy(true);
    try {
      const credential = await signWithPasskey(await stepUpOptions(api));
      await stepUp(api, { credential });
      asked.answer(true);
    } catch (failure) {
      if (passkeyCancelled(failure)) return;
      if (failure instanceof ApiError) reportRequestError(failure, messages);
      else setError(t('stepUp.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Typography.Paragraph id="step-up-lead">{asked.required.detail}</Typography.Paragraph>
      {withCode && (
        <Form.Item
          label={t('stepUp.code')}
          htmlFor="step-up-code"
          layout="vertical"
          validateStatus={error ? 'error' : undefined}
          help={error ? <span id="step-up-code-error">{error}</span> : undefined}
        >
          <Input
            id="step-up-code"
            value={code}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            data-step-up-first
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'step-up-code-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </Form.Item>
      )}
      {!withCode && error && (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      )}
      <div className={styles.actions}>
        {withCode && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('stepUp.confirm')}
          </Button>
        )}
        {withPasskey && (
          <Button
            type={withCode ? 'default' : 'primary'}
            autoFocus={!withCode}
            data-step-up-first={withCode ? undefined : true}
            loading={busy}
            onClick={() => void passkey()}
          >
            {t('stepUp.passkey')}
          </Button>
        )}
        <Button onClick={() => asked.answer(false)}>{t('stepUp.cancel')}</Button>
      </div>
    </form>
  );
}
