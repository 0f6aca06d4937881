import { Field, Form } from 'react-final-form';
import * as v from 'valibot';
import { createTransfer } from '@proxy/contract/api/transfers';
import { ApiError } from '@proxy/contract/api/errors';
import type { SubmissionErrors } from '@proxy/contract/forms';
import { MAX_TRANSFER_NOTE, TransferCreateSchema, type Transfer } from '@proxy/contract/schemas/transfers';
import { api } from '@proxy/contract/state';
import {
  Card,
  FieldNotes,
  FormAlert,
  fieldAria,
  fieldErrorOf,
  formErrorsOf,
  ui,
  useRequestMessages,
  SubmitButton,
} from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './Transfers.module.css';

interface Values {
  email?: string;
  note?: string;
}

/**
 * The recipient's e-mail and an optional note, checked with the contract's `TransferCreateSchema` before sending
 * (the rules the server applies), then `createTransfer`. The server's field errors land on their fields; its
 * `proxy_id` errors (yourself, the proxy not active, already offered) above the button; a 404 (the proxy is no
 * longer this customer's) goes to the page.
 */
export function OfferForm({
  proxyId,
  onSent,
  onGone,
}: {
  proxyId: number;
  onSent: (offer: Transfer) => void;
  onGone: () => void;
}) {
  const { t } = useT();
  const messages = useRequestMessages();
  const submit = async ({ email = '', note = '' }: Values): Promise<SubmissionErrors | undefined> => {
    const checked = v.safeParse(TransferCreateSchema, { proxy_id: proxyId, email, note });
    if (!checked.success) {
      const errors: SubmissionErrors = {};
      for (const issue of checked.issues) {
        const field = String(issue.path?.[0]?.key ?? '');
        if (field === 'email') {
          errors.email ??= t(email.trim() ? 'transfer.offer.emailInvalid' : 'transfer.offer.emailRequired');
        } else if (field === 'note') {
          errors.note ??=
            issue.type === 'max_length'
              ? t('transfer.offer.noteTooLong', { max: MAX_TRANSFER_NOTE })
              : t('validation.invalidText');
        }
      }
      return errors;
    }
    try {
      onSent(await createTransfer(api, checked.output));
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        onGone();
        return undefined;
      }
      // Not a field of this form: what the server says about the proxy itself goes above the button.
      return formErrorsOf(error, messages, ['proxy_id']);
    }
  };
  return (
    <Card title={t('transfer.offer.formTitle')}>
      <Form<Values>
        onSubmit={submit}
        render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => {
          const general = fieldErrorOf({ submitError, dirtySinceLastSubmit });
          return (
            <form className={styles.form} onSubmit={handleSubmit} noValidate>
              <Field<string> name="email">
                {({ input, meta }) => {
                  const error = fieldErrorOf(meta);
                  return (
                    <div className={ui.field}>
                      <label htmlFor="offer-email" className={ui.fieldLabel}>
                        {t('transfer.offer.email')}
                      </label>
                      <input
                        className={ui.input}
                        {...input}
                        id="offer-email"
                        type="email"
                        required
                        autoComplete="off"
                        spellCheck={false}
                        inputMode="email"
                        {...fieldAria('offer-email', error, true)}
                      />
                      <FieldNotes id="offer-email" hint={t('transfer.offer.emailHint')} error={error} />
                    </div>
                  );
                }}
              </Field>
              <Field<string> name="note">
                {({ input, meta }) => {
                  const error = fieldErrorOf(meta);
                  const length = (input.value ?? '').trim().length;
                  return (
                    <div className={ui.field}>
                      <label htmlFor="offer-note" className={ui.fieldLabel}>
                        {t('transfer.offer.note')}
                      </label>
                      <textarea
                        className={ui.input}
                        {...input}
                        id="offer-note"
                        rows={3}
                        {...fieldAria('offer-note', error, true)}
                      />
                      <FieldNotes
                        id="offer-note"
                        hint={t('transfer.offer.noteCount', { length, max: MAX_TRANSFER_NOTE })}
                        warns={length > MAX_TRANSFER_NOTE}
                        error={error}
                      />
                    </div>
                  );
                }}
              </Field>
              <FormAlert id="offer-error" text={general} />
              <div>
                <SubmitButton busy={submitting} describedBy={general ? 'offer-error' : undefined}>
                  {t('transfer.offer.submit')}
                </SubmitButton>
              </div>
            </form>
          );
        }}
      />
    </Card>
  );
}
