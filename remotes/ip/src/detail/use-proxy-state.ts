import { useCallback, useEffect, useRef, useState } from 'react';
import { getProxy, rebootProxy, rotateProxy } from '@proxy/contract/api/proxies';
import { ApiError } from '@proxy/contract/api/errors';
import { type Proxy, RotateAnswerSchema } from '@proxy/contract/schemas/proxies';
import { api } from '@proxy/contract/state';
import * as v from 'valibot';
import { useNow } from '../common/use-now.ts';
import { outcomeOf } from '../common/use-rotate.ts';
import { type ActionOutcome, NO_ACTIONS, type PageActions, proxyView, type ProxyView } from './proxy-state.ts';

interface PageState {
  /** The loader's proxy this state grew from: a new visit (another id, or the same one again) starts afresh. */
  readonly from: Proxy;
  readonly proxy: Proxy;
  readonly actions: PageActions;
  /** Bumped when the proxy's IP or reboot changed: the history reloads. */
  readonly changes: number;
}

const fresh = (loaded: Proxy): PageState => ({ from: loaded, proxy: loaded, actions: NO_ACTIONS, changes: 0 });
const untilOf = (iso: string | undefined) => (iso ? Date.parse(iso) : 0);

/**
 * The proxy on `/ip/{id}` and its one derived state (#49): every change answers the whole proxy, which replaces the
 * one on screen; "change IP now" and the reboot run here, so every card sees them under way at once; while anything
 * is under way (or the modem is offline) the proxy is read every `PROXY_POLL_MS` until it settles.
 */
export function useProxyState(loaded: Proxy) {
  const [stored, setStored] = useState(() => fresh(loaded));
  const state = stored.from === loaded ? stored : fresh(loaded);
  const now = useNow();
  const view: ProxyView = proxyView(state.proxy, state.actions, now);
  const id = state.proxy.id;
  // A read started before a newer answer was saved is stale: it must not put the old proxy back.
  const saved = useRef(0);

  const update = useCallback(
    (change: (state: PageState) => PageState) => {
      saved.current += 1;
      setStored((previous) => change(previous.from === loaded ? previous : fresh(loaded)));
    },
    [loaded],
  );
  const save = useCallback(
    (next: Proxy) =>
      update((previous) => ({
        ...previous,
        proxy: next,
        changes:
          previous.changes +
          (next.ip !== previous.proxy.ip || next.reboot?.running !== previous.proxy.reboot?.running ? 1 : 0),
      })),
    [update],
  );
  const reload = useCallback(() => {
    const seen = saved.current;
    return getProxy(api, id).then(
      (next) => {
        if (saved.current === seen) save(next);
      },
      () => undefined /* read again at the next tick, or the change that asked for it already said what it did */,
    );
  }, [id, save]);

  useEffect(() => {
    if (view.pollMs === null) return undefined;
    const timer = setInterval(() => void reload(), view.pollMs);
    return () => clearInterval(timer);
  }, [view.pollMs, reload]);

  /** Runs a change of IP or a reboot: under way until its answer and the proxy read after it are both in. */
  const act = async (action: 'rotate' | 'reboot') => {
    update((previous) => ({ ...previous, actions: { ...previous.actions, running: action, last: null } }));
    let outcome: ActionOutcome;
    let until = 0;
    try {
      const answer = await (action === 'rotate' ? rotateProxy(api, id) : rebootProxy(api, id));
      outcome = answer.ip ? { kind: 'ip', ip: answer.ip } : { kind: 'error', detail: answer.detail, network: false };
      until = untilOf(answer.available_at);
    } catch (error) {
      const body = error instanceof ApiError ? v.safeParse(RotateAnswerSchema, error.body) : null;
      outcome =
        action === 'reboot' && body?.success && body.output.error === 'timeout'
          ? { kind: 'pending' }
          : outcomeOf(error);
      if (outcome.kind === 'wait') until = outcome.until;
    }
    const settled = outcome;
    const next =
      settled.kind === 'ip' || settled.kind === 'pending'
        ? await getProxy(api, id).catch(() => undefined /* the answer said enough; the poll reads it later */)
        : undefined;
    update((previous) => {
      let proxy = next ?? previous.proxy;
      if (settled.kind === 'ip' && !next) proxy = { ...proxy, ip: settled.ip };
      // The API stopped waiting, the modem has not reported back: the page says it is rebooting until it has.
      if (settled.kind === 'pending' && proxy.reboot) proxy = { ...proxy, reboot: { ...proxy.reboot, running: true } };
      const key = action === 'rotate' ? 'rotateUntil' : 'rebootUntil';
      return {
        ...previous,
        proxy,
        changes: previous.changes + 1,
        actions: {
          ...previous.actions,
          running: null,
          last: { action, outcome: settled, at: Date.now() },
          [key]: Math.max(previous.actions[key], until),
        },
      };
    });
  };

  return {
    proxy: state.proxy,
    view,
    changes: state.changes,
    save,
    reload,
    rotate: () => act('rotate'),
    reboot: () => act('reboot'),
  };
}
