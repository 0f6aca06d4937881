// #49: the proxy page's one state, derived from the API's proxy and what the page has under way: each card reads it,
// so none can say "offline" beside "works" or "back", or name an address another card has replaced.
import { describe, expect, it } from 'vitest';
import { proxy } from '../test/harness.tsx';
import { NO_ACTIONS, type PageActions, PROXY_POLL_MS, proxyView } from './proxy-state.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const IDLE = { available_at: null, shared: false, running: false };
const checked = { ok: true, latency_ms: 120, ip: '10.0.0.7', checked_at: '2026-06-01T11:58:00Z', uptime_24h: 0.99 };
const at = (actions: Partial<PageActions>): PageActions => ({ ...NO_ACTIONS, ...actions });

describe('the proxy page state', () => {
  it('is online with the last check, the address it saw while it is the current one, and no polling', () => {
    const view = proxyView(proxy(7, { health: checked, reboot: IDLE }), NO_ACTIONS, NOW);
    expect(view).toMatchObject({
      phase: 'online',
      online: true,
      ip: '10.0.0.7',
      offlineSince: null,
      rotateWait: 0,
      rebootWait: 0,
      canRotate: true,
      canReboot: true,
      uptime: 0.99,
      rotateResult: null,
      rebootResult: null,
      pollMs: null,
    });
    expect(view.health).toEqual({
      kind: 'checked',
      ok: true,
      latencyMs: 120,
      seenIp: '10.0.0.7',
      checkedAt: checked.checked_at,
    });
    // A check made before the IP changed saw the old address: it is not named beside the new one.
    expect(proxyView(proxy(7, { ip: '10.0.0.8', health: checked }), NO_ACTIONS, NOW).health).toMatchObject({
      kind: 'checked',
      seenIp: null,
    });
    // An API older than health checks: no line at all; one never checked: "not checked yet".
    expect(proxyView(proxy(7), NO_ACTIONS, NOW).health).toBeNull();
    expect(proxyView(proxy(7, { health: null }), NO_ACTIONS, NOW).health).toEqual({ kind: 'never' });
  });

  it('puts a reboot before a change of IP before offline before online, and polls while not online', () => {
    const offline = proxy(7, { online: false, offline_since: '2026-06-01T11:59:48Z', health: checked, reboot: IDLE });
    expect(proxyView(offline, NO_ACTIONS, NOW)).toMatchObject({
      phase: 'offline',
      online: false,
      offlineSince: '2026-06-01T11:59:48Z',
      health: { kind: 'offline' },
      pollMs: PROXY_POLL_MS,
    });
    // Twelve seconds into a reboot the modem is offline by its reports: the page says rebooting, not offline.
    const rebooting = { ...offline, reboot: { ...IDLE, running: true } };
    expect(proxyView(rebooting, NO_ACTIONS, NOW)).toMatchObject({
      phase: 'rebooting',
      offlineSince: null,
      health: { kind: 'rebooting' },
      canRotate: false,
      canReboot: false,
      pollMs: PROXY_POLL_MS,
    });
    expect(proxyView(offline, at({ running: 'reboot' }), NOW).phase).toBe('rebooting');
    expect(proxyView(proxy(7, { health: checked, reboot: IDLE }), at({ running: 'rotate' }), NOW)).toMatchObject({
      phase: 'rotating',
      health: { kind: 'rotating' },
      canRotate: false,
      canReboot: false,
      pollMs: PROXY_POLL_MS,
    });
  });

  it('counts the cooldown from the answer of a done change at once, and from the proxy, whichever ends later', () => {
    const done = at({
      last: { action: 'rotate', outcome: { kind: 'ip', ip: '10.0.0.8' }, at: NOW + 400 },
      rotateUntil: NOW + 60_400,
    });
    const view = proxyView(proxy(7, { ip: '10.0.0.8', reboot: IDLE }), done, NOW);
    // Measured from when the answer arrived, not from the clock's last tick before it.
    expect(view.rotateWait).toBe(60);
    expect(view.canRotate).toBe(false);
    expect(view.rotateResult).toEqual({ kind: 'ip', ip: '10.0.0.8' });
    const later = proxy(7, { rotate_available_at: '2026-06-01T12:01:30Z', reboot: IDLE });
    expect(proxyView(later, done, NOW).rotateWait).toBe(90);
    const rebootLater = proxy(7, { reboot: { ...IDLE, available_at: '2026-06-01T12:10:00Z' } });
    expect(proxyView(rebootLater, NO_ACTIONS, NOW)).toMatchObject({ rebootWait: 600, canReboot: false });
    expect(proxyView(rebootLater, NO_ACTIONS, NOW + 600_000)).toMatchObject({ rebootWait: 0, canReboot: true });
  });

  it('says a reboot is back only once the modem reports online, with the address every card names', () => {
    const done = at({ last: { action: 'reboot', outcome: { kind: 'ip', ip: '10.0.0.9' }, at: NOW } });
    const stillOffline = proxy(7, {
      ip: '10.0.0.9',
      online: false,
      offline_since: '2026-06-01T11:59:50Z',
      reboot: IDLE,
    });
    expect(proxyView(stillOffline, done, NOW)).toMatchObject({ phase: 'offline', rebootResult: null });
    const back = proxy(7, { ip: '10.0.0.9', reboot: IDLE });
    expect(proxyView(back, done, NOW).rebootResult).toEqual({ kind: 'ip', ip: '10.0.0.9' });
    // The API stopped waiting (504): "back" once the proxy says the reboot is over and the modem online.
    const pending = at({ last: { action: 'reboot', outcome: { kind: 'pending' }, at: NOW } });
    expect(proxyView({ ...back, reboot: { ...IDLE, running: true } }, pending, NOW).rebootResult).toBeNull();
    expect(proxyView(back, pending, NOW).rebootResult).toEqual({ kind: 'ip', ip: '10.0.0.9' });
    // A refusal is said beside its own button only, and not while something else runs.
    const refused = at({
      last: { action: 'reboot', outcome: { kind: 'error', detail: 'Busy', network: false }, at: NOW },
    });
    expect(proxyView(back, refused, NOW)).toMatchObject({ rotateResult: null, rebootResult: { kind: 'error' } });
    expect(proxyView(back, { ...refused, running: 'rotate' }, NOW).rebootResult).toBeNull();
    // A shared modem is not its owner's to reboot.
    expect(proxyView(proxy(7, { reboot: { ...IDLE, shared: true } }), NO_ACTIONS, NOW).canReboot).toBe(false);
  });
});
