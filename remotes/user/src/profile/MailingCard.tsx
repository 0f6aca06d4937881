import { useState } from 'react';
import { updateCurrentUser } from '@proxy/contract/api/auth';
import { ApiError } from '@proxy/contract/api/errors';
import { api, setUserAtom, showMessageAtom, userAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { ui } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './MailingCard.module.css';

/**
 * The mailing subscription on the user's own page (docs/product.md: "they can opt out there and on the user page"): what
 * it is now and the one button that turns it the other way. It is also where a visitor whose unsubscribe link did
 * not work is sent, so the link's job can still be done here.
 */
export function MailingCard() {
  const { t } = useT();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(setUserAtom);
  const show = useSetAtom(showMessageAtom);
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const change = async () => {
    setSaving(true);
    try {
      const updated = await updateCurrentUser(api, { subscribed: !user.subscribed });
      setUser(updated);
      show(t(updated.subscribed ? 'mailing.subscribedNow' : 'mailing.unsubscribedNow'), 'success');
    } catch (error) {
      show(error instanceof ApiError && error.detail ? error.detail : t('mailing.failed'), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="mailing-title">
      <div>
        <h2 id="mailing-title" className={ui.cardTitle}>
          {t('mailing.title')}
        </h2>
        <p className={styles.text}>{t(user.subscribed ? 'mailing.subscribed' : 'mailing.unsubscribed')}</p>
      </div>
      <button type="button" className={ui.secondaryButton} onClick={() => void change()} disabled={saving}>
        {t(user.subscribed ? 'mailing.unsubscribe' : 'mailing.subscribe')}
      </button>
    </section>
  );
}
