import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { updateProxy } from '@proxy/contract/api/proxies';
import { runRequest } from '@proxy/contract/forms';
import { MIN_IPV4_PREFIX, MIN_IPV6_PREFIX } from '@proxy/contract/ip-ranges';
import { MAX_WHITELIST, type Proxy } from '@proxy/contract/schemas/proxies';
import { api, clientIpAtom, useAtomValue } from '@proxy/contract/state';
import { ui, useRequestMessages, SubmitButton } from '@proxy/site-kit';
import { problemsOf } from '../common/validation.ts';
import { useT } from '../i18n/use-t.ts';
import styles from './ProxyPage.module.css';

interface Values {
  whitelist: string[];
}

/** What the help and the messages quote: the list's length and the widest networks (shared/src/ip-ranges.ts). */
const limits = { max: MAX_WHITELIST, ipv4: MIN_IPV4_PREFIX, ipv6: MIN_IPV6_PREFIX };

/** Two lists are the same whitelist when they hold the same entries in the same order. */
const sameList = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => item === b[index]);

/** The messages of the list (a string) or of its entries (a holey array), as final-form keeps submit errors. */
type ListErrors = string | readonly (string | undefined)[] | undefined;

/**
 * The IP whitelist: up to 10 public addresses or small CIDR ranges that may use the proxy without the password.
 * Entries are added (typed, or the visitor's own address as the server saw it) and removed here, then saved together;
 * the contract's schema checks them first, and the server's messages land on the entries they are about.
 */
export function WhitelistEditor({ proxy, onSaved }: { proxy: Proxy; onSaved: (proxy: Proxy) => void }) {
  const { t } = useT();
  const messages = useRequestMessages();
  const clientIp = useAtomValue(clientIpAtom);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const problemText = (problem: string) => t(`validation.${problem as 'ipOrCidr'}`, limits);

  const submit = async (values: Values) => {
    const problems = problemsOf({ whitelist: values.whitelist });
    if (problems.size > 0) {
      const list = problems.get('whitelist');
      const entries = values.whitelist.map((_entry, index) => {
        const problem = problems.get(`whitelist.${index}`);
        return problem ? problemText(problem) : undefined;
      });
      return { whitelist: list ? problemText(list) : entries };
    }
    const outcome = await runRequest(() => updateProxy(api, proxy.id, { whitelist: values.whitelist }), {
      ...messages,
      saved: t('whitelist.saved'),
    });
    if (outcome.ok) {
      onSaved(outcome.value);
      return undefined;
    }
    return outcome.errors;
  };

  return (
    <Form<Values>
      onSubmit={submit}
      initialValues={{ whitelist: proxy.whitelist }}
      render={({ handleSubmit, form, values, submitting, submitErrors, dirtySinceLastSubmit, pristine }) => {
        const entries = values.whitelist ?? [];
        const errors: ListErrors = dirtySinceLastSubmit ? undefined : (submitErrors?.whitelist as ListErrors);
        const full = entries.length >= MAX_WHITELIST;
        const add = (address: string) => {
          const entry = address.trim();
          if (!entry) return;
          if (entries.includes(entry)) {
            setDraftError(t('whitelist.duplicate'));
            return;
          }
          const problem = problemsOf({ whitelist: [entry] }).get('whitelist.0');
          if (problem) {
            setDraftError(problemText(problem));
            return;
          }
          form.change('whitelist', [...entries, entry]);
          setDraft('');
          setDraftError(null);
        };
        return (
          <form className={styles.whitelist} onSubmit={handleSubmit} aria-labelledby="whitelist-title" noValidate>
            {/* Registers the list with final-form, so pristine and dirtySinceLastSubmit see its changes. */}
            <Field name="whitelist" isEqual={sameList} subscription={{}} render={() => null} />
            <h3 id="whitelist-title" className={ui.subTitle}>
              {t('whitelist.title')}
            </h3>
            <p className={ui.muted}>{t('whitelist.help', limits)}</p>
            {typeof errors === 'string' && (
              <p className={ui.fieldError} role="alert">
                {errors}
              </p>
            )}
            {entries.length === 0 ? (
              <p className={ui.note}>{t('whitelist.empty')}</p>
            ) : (
              <ul className={styles.entries} aria-label={t('whitelist.entries')}>
                {entries.map((entry, index) => {
                  const error = Array.isArray(errors) ? errors[index] : undefined;
                  return (
                    <li key={entry} className={error ? styles.entryInvalid : undefined}>
                      <span className={styles.entryRow}>
                        <code className={styles.value}>{entry}</code>
                        <button
                          type="button"
                          className={ui.smallButton}
                          aria-label={t('whitelist.remove', { entry })}
                          onClick={() =>
                            form.change(
                              'whitelist',
                              entries.filter((_other, position) => position !== index),
                            )
                          }
                        >
                          {t('whitelist.removeShort')}
                        </button>
                      </span>
                      {error && (
                        <span className={ui.fieldError} role="alert">
                          {error}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            <div className={styles.addRow}>
              <label className={styles.grow}>
                <span className={ui.fieldLabel}>{t('whitelist.add')}</span>
                <input
                  className={ui.input}
                  type="text"
                  value={draft}
                  disabled={full}
                  placeholder={t('whitelist.placeholder')}
                  aria-invalid={draftError !== null}
                  aria-describedby={draftError ? 'whitelist-draft-error' : undefined}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setDraftError(null);
                  }}
                  onKeyDown={(event) => {
                    // Enter adds the entry; it must not submit the whole list half-typed.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      add(draft);
                    }
                  }}
                />
              </label>
              <button type="button" className={ui.secondaryButton} disabled={full} onClick={() => add(draft)}>
                {t('whitelist.addButton')}
              </button>
              <button
                type="button"
                className={ui.secondaryButton}
                disabled={full || !clientIp || entries.includes(clientIp)}
                onClick={() => add(clientIp)}
              >
                {clientIp ? t('whitelist.addMine', { ip: clientIp }) : t('whitelist.addMineUnknown')}
              </button>
            </div>
            {draftError && (
              <p id="whitelist-draft-error" className={ui.fieldError} role="alert">
                {draftError}
              </p>
            )}
            {full && <p className={ui.note}>{t('whitelist.full', { max: MAX_WHITELIST })}</p>}
            <div>
              <SubmitButton busy={submitting} unchanged={pristine}>
                {t('whitelist.save')}
              </SubmitButton>
            </div>
          </form>
        );
      }}
    />
  );
}
