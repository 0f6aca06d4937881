/**
 * Waiting on `NOTIFY farm_changed` topics (`h<host id>`: the host's configuration moved; `r<rotation id>`: a rotation
 * finished). A wait only says "look again now": callers re-read the database after it, and wait in short slices, so a
 * notification missed while the LISTEN connection was down costs a second, never a stuck request.
 */
import type { Db } from '../../db/db.ts';
import { FARM_CHANNEL } from './hosts-repository.ts';

export interface NotificationWaits {
  /** Resolves when `topic` is notified or after `ms`, whichever comes first. */
  wait(topic: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

export function notificationWaits(db: Db): NotificationWaits {
  const waiters = new Map<string, Set<() => void>>();
  const subscription = db.listen(FARM_CHANNEL, {
    notify(topic) {
      const woken = waiters.get(topic);
      waiters.delete(topic);
      for (const wake of woken ?? []) wake();
    },
    listening() {
      // Nothing to do: every waiter looks again within its slice whatever happened.
    },
  });
  return {
    wait(topic, ms) {
      return new Promise<void>((resolve) => {
        const set = waiters.get(topic) ?? new Set<() => void>();
        const wake = () => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0 && waiters.get(topic) === set) waiters.delete(topic);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        set.add(wake);
        waiters.set(topic, set);
      });
    },
    close: () => subscription.close(),
  };
}
