import type { Proxy, ProxyHealth } from '@proxy/contract/schemas/proxies';
import type { RotateOutcome } from '../common/use-rotate.ts';

/**
 * How often the page reads the proxy while something is under way: a change of IP or a reboot (the modem is back
 * within seconds to minutes), or the modem is offline (it comes back on its own).
 */
export const PROXY_POLL_MS = 3_000;

/**
 * What a change of IP or a reboot came to: its new IP, a 429's wait, a refusal, or (`pending`) a reboot the API
 * stopped waiting for, which the proxy's `reboot.running` follows until the modem is back.
 */
export type ActionOutcome = RotateOutcome | { readonly kind: 'pending' };

/** What the page has under way or last heard beside the proxy the API answered (#49). */
export interface PageActions {
  /** "Change IP now" or a reboot the page asked for, not answered yet. */
  readonly running: 'rotate' | 'reboot' | null;
  /** What the last change of IP or reboot came to, and when the page heard it (ms). */
  readonly last: { readonly action: 'rotate' | 'reboot'; readonly outcome: ActionOutcome; readonly at: number } | null;
  /** Cooldown ends (ms) the answers carried: a done change's `available_at`, or a 429's `wait_seconds`. */
  readonly rotateUntil: number;
  readonly rebootUntil: number;
}

export const NO_ACTIONS: PageActions = { running: null, last: null, rotateUntil: 0, rebootUntil: 0 };

/**
 * The proxy's one state: a change or reboot under way (asked by the page, or a reboot the API says is running) comes
 * first, then offline by the modem's reports, else online.
 */
export type ProxyPhase = 'online' | 'rotating' | 'rebooting' | 'offline';

/** The health line: what is under way instead of a check, or the last check. */
export type HealthLine =
  | { readonly kind: 'rotating' | 'rebooting' | 'offline' | 'never' }
  | {
      readonly kind: 'checked';
      readonly ok: boolean;
      readonly latencyMs: number | null;
      /** The address the check saw, only while it is the proxy's current one: a check before a change saw the old. */
      readonly seenIp: string | null;
      readonly checkedAt: string;
    };

/** Everything each card of `/ip/{id}` shows about the proxy's state, derived once so no two cards disagree. */
export interface ProxyView {
  readonly phase: ProxyPhase;
  readonly online: boolean;
  /** The modem's current external address, the one every card names. */
  readonly ip: string | null;
  /** Since when the modem is offline, while the phase is `offline`. */
  readonly offlineSince: string | null;
  /** Seconds until "Change IP now" / a reboot may be asked again; 0: now. */
  readonly rotateWait: number;
  readonly rebootWait: number;
  readonly canRotate: boolean;
  readonly canReboot: boolean;
  /** Null from an API older than health checks. */
  readonly health: HealthLine | null;
  readonly uptime: number | null;
  /** What the last change of IP did, to say beside its button; a new IP only once the proxy is back online. */
  readonly rotateResult: RotateOutcome | null;
  /** The same for the last reboot: "back with a new IP" only once the modem reports online again. */
  readonly rebootResult: RotateOutcome | null;
  /** Read the proxy every this many ms, or not at all (null) while nothing is under way. */
  readonly pollMs: number | null;
}

const parsed = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);

function healthLine(phase: ProxyPhase, health: ProxyHealth | null | undefined, ip: string | null): HealthLine | null {
  if (health === undefined) return null;
  if (phase !== 'online') return { kind: phase };
  if (health === null) return { kind: 'never' };
  return {
    kind: 'checked',
    ok: health.ok,
    latencyMs: health.ok ? health.latency_ms : null,
    seenIp: health.ok && health.ip !== null && health.ip === ip ? health.ip : null,
    checkedAt: health.checked_at,
  };
}

/** The proxy's state at `now` (ms), from the API's answer and what the page has under way. */
export function proxyView(proxy: Proxy, actions: PageActions, now: number): ProxyView {
  const phase: ProxyPhase =
    actions.running === 'reboot' || proxy.reboot?.running
      ? 'rebooting'
      : actions.running === 'rotate'
        ? 'rotating'
        : proxy.online
          ? 'online'
          : 'offline';
  const last = actions.last;
  // The clock ticks once a second: an answer that arrived between two ticks is measured from when it arrived.
  const clock = Math.max(now, last?.at ?? 0);
  const waitUntil = (until: number) => Math.max(0, Math.ceil((until - clock) / 1000));
  const rotateWait = waitUntil(Math.max(parsed(proxy.rotate_available_at), actions.rotateUntil));
  const rebootWait = waitUntil(Math.max(parsed(proxy.reboot?.available_at), actions.rebootUntil));
  const busy = phase === 'rotating' || phase === 'rebooting';
  const resultOf = (action: 'rotate' | 'reboot'): RotateOutcome | null => {
    if (last?.action !== action) return null;
    const outcome = last.outcome;
    if (outcome.kind === 'ip' || outcome.kind === 'pending') {
      // Back is back once the modem reports online, with the address every other card names.
      const ip = proxy.ip ?? (outcome.kind === 'ip' ? outcome.ip : null);
      return phase === 'online' && ip !== null ? { kind: 'ip', ip } : null;
    }
    return busy ? null : outcome;
  };
  return {
    phase,
    online: phase === 'online',
    ip: proxy.ip,
    offlineSince: phase === 'offline' ? (proxy.offline_since ?? null) : null,
    rotateWait,
    rebootWait,
    canRotate: !busy && rotateWait === 0,
    canReboot: proxy.reboot !== undefined && !proxy.reboot.shared && !busy && rebootWait === 0,
    health: healthLine(phase, proxy.health, proxy.ip),
    uptime: proxy.health ? proxy.health.uptime_24h : null,
    rotateResult: resultOf('rotate'),
    rebootResult: resultOf('reboot'),
    pollMs: phase === 'online' ? null : PROXY_POLL_MS,
  };
}
