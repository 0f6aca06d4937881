import { useState } from 'react';
import { updateProxy } from '@proxy/contract/api/proxies';
import { reportRequestError } from '@proxy/contract/forms';
import type { Proxy } from '@proxy/contract/schemas/proxies';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './common.module.css';

/**
 * The auto-renew switch, optimistic: it flips at once and the PATCH follows; a refusal flips it back and says why,
 * so the switch never shows a state the server does not have.
 */
export function AutoRenewSwitch({
  proxy,
  label,
  showState = false,
  onSaved,
}: {
  proxy: Pick<Proxy, 'id' | 'auto_renew'>;
  /** The accessible name: which proxy it renews. */
  label: string;
  /** Writes "On"/"Off" beside the switch (the detail page); the list has the column's heading for that. */
  showState?: boolean;
  onSaved: (proxy: Proxy) => void;
}) {
  const { t } = useT();
  const messages = useRequestMessages();
  const show = useSetAtom(showMessageAtom);
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? proxy.auto_renew;
  const toggle = async () => {
    if (pending !== null) return;
    const next = !checked;
    setPending(next);
    try {
      const saved = await updateProxy(api, proxy.id, { auto_renew: next });
      onSaved(saved);
      show(t(saved.auto_renew ? 'autoRenew.on' : 'autoRenew.off'), 'success');
    } catch (error) {
      reportRequestError(error, messages);
    } finally {
      setPending(null);
    }
  };
  return (
    <span className={styles.switchWrap}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-busy={pending !== null}
        // Not `disabled` while saving: a switch that disables itself under the keyboard drops focus to the page's
        // body (#49); a press meanwhile is ignored instead.
        aria-disabled={pending !== null}
        className={styles.switch}
        onClick={() => void toggle()}
      >
        <span className={styles.switchKnob} aria-hidden="true" />
      </button>
      {showState && <span aria-hidden="true">{t(checked ? 'autoRenew.stateOn' : 'autoRenew.stateOff')}</span>}
    </span>
  );
}
