import { useState } from 'react';
import { listSessions, revokeOtherSessions, revokeSession } from '@proxy/contract/api/account';
import { runRequest } from '@proxy/contract/forms';
import type { Session } from '@proxy/contract/schemas/users';
import { api, showMessageAtom, useSetAtom } from '@proxy/contract/state';
import { Card, formatDateTime, LoadState, pluralOf, ui, useLoaded, useRequestMessages } from '@proxy/site-kit';
import { useT } from '../i18n/use-t.ts';
import styles from './profile.module.css';

/** How long a raw user agent may be on screen: it names the device, the rest is version noise. */
const AGENT_LENGTH = 60;

/** A device's name: what the server read from its user agent, else the agent itself (shortened), else "unknown". */
export function deviceName(session: Session, unknown: string): string {
  const known = [session.browser, session.os].filter(Boolean).join(' · ');
  if (known) return known;
  const agent = session.user_agent.trim();
  if (!agent) return unknown;
  return agent.length > AGENT_LENGTH ? `${agent.slice(0, AGENT_LENGTH - 1)}…` : agent;
}

/**
 * Every device signed in to the account, most recently used first: this one marked, each other one with "Sign out",
 * and "Sign out everywhere else". This device is not signed out here: the header's "Sign out" does that.
 * `refresh` changes when something else ended sessions (a password change).
 */
export function SessionsCard({ refresh }: { refresh: number }) {
  const { t, language } = useT();
  const messages = useRequestMessages();
  const show = useSetAtom(showMessageAtom);
  const sessions = useLoaded(`${language}|${refresh}`, (signal) => listSessions(api, signal));
  const [gone, setGone] = useState<readonly number[]>([]);
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const shown = (sessions.data ?? []).filter((session) => !gone.includes(session.id));
  const others = shown.filter((session) => !session.current).length;

  const signOut = async (id: number) => {
    setBusy(id);
    const outcome = await runRequest(() => revokeSession(api, id), {
      ...messages,
      saved: t('sessions.signedOut'),
    });
    setBusy(null);
    if (outcome.ok) setGone((ids) => [...ids, id]);
  };
  const signOutOthers = async () => {
    setBusy('others');
    const outcome = await runRequest(() => revokeOtherSessions(api), messages);
    setBusy(null);
    if (!outcome.ok) return;
    const count = outcome.value.revoked;
    show(t(`sessions.signedOutOthers.${pluralOf(count, language)}`, { count }), 'success');
    sessions.retry();
  };

  return (
    <Card
      title={t('sessions.title')}
      wide
      actions={
        others > 0 && (
          <button
            type="button"
            className={ui.secondaryButton}
            onClick={() => void signOutOthers()}
            disabled={busy !== null}
            aria-busy={busy === 'others'}
          >
            {t(busy === 'others' ? 'sessions.signingOut' : 'sessions.signOutOthers')}
          </button>
        )
      }
    >
      <LoadState loaded={sessions} empty={undefined} />
      {shown.length > 0 && (
        <ul className={styles.sessions} aria-busy={sessions.loading}>
          {shown.map((session) => (
            <li key={session.id} className={styles.session}>
              <div className={styles.device}>
                <span id={`session-${session.id}`} className={styles.deviceName}>
                  {deviceName(session, t('sessions.unknown'))}
                  {session.current && <span className={`${ui.badge} ${ui.success}`}>{t('sessions.current')}</span>}
                </span>
                <span className={styles.deviceMeta}>
                  {t('sessions.meta', { ip: session.ip, time: formatDateTime(session.last_used_at, language) })}
                </span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className={ui.smallButton}
                  onClick={() => void signOut(session.id)}
                  disabled={busy !== null}
                  aria-busy={busy === session.id}
                  aria-describedby={`session-${session.id}`}
                >
                  {t(busy === session.id ? 'sessions.signingOut' : 'sessions.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data && others === 0 && <p className={ui.muted}>{t('sessions.noOthers')}</p>}
    </Card>
  );
}
