import { useEffect } from 'react';
import { clearMessageAtom, messageAtom, useAtomValue, useSetAtom } from '@proxy/contract/state';
import { useT } from '../i18n/use-t.ts';
import { CloseIcon } from './CloseIcon.tsx';
import styles from './Toaster.module.css';

/** Spec §4, §9: a message auto-hides after 3 s and can be closed; closing clears it. */
export const TOAST_TIMEOUT_MS = 3000;

/** Shows the session's message (success or error colour only) as a toast. */
export function Toaster() {
  const { t } = useT();
  const message = useAtomValue(messageAtom);
  const clear = useSetAtom(clearMessageAtom);

  useEffect(() => {
    if (!message.show) return;
    const timer = setTimeout(clear, TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message, clear]);

  return (
    <div className={styles.region} aria-live="polite">
      {message.show && (
        <div
          className={`${styles.toast} ${message.color === 'error' ? styles.error : styles.success}`}
          role={message.color === 'error' ? 'alert' : 'status'}
        >
          <span className={styles.text}>{message.text}</span>
          <button type="button" className={styles.close} aria-label={t('toast.close')} onClick={clear}>
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
