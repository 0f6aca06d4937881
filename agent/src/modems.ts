import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { OFFLINE, RotationError, UnknownModemError, type ModemDriver, type ModemState } from './drivers/driver.ts';

export interface ModemView extends ModemState {
  readonly key: string;
  readonly rotating: boolean;
  readonly checkedAt: Date;
}

export type RestartKind = 'rotate' | 'reboot';

export interface RotationOutcome {
  readonly ip: string;
  readonly previousIp: string | null;
}

/**
 * The host's modems as last read from the driver: what the gateway binds to and what reports say. Emits `change`
 * when a modem's bind address changes (it went offline, came back, rotated), so the gateway can close the tunnels
 * that were bound to the old address: on a real modem they are dead once it reconnects.
 */
export class Modems extends EventEmitter<{
  change: [key: string];
  /** A rotation ended, done or failed, after `seconds` (the metrics). */
  rotated: [key: string, ok: boolean, seconds: number];
}> {
  private readonly views = new Map<string, ModemView>();
  private readonly driver: ModemDriver;
  private readonly log: Logger;

  constructor(driver: ModemDriver, log: Logger) {
    super();
    this.driver = driver;
    this.log = log;
  }

  view(key: string): ModemView | undefined {
    return this.views.get(key);
  }

  all(): ModemView[] {
    return this.driver.keys().map((key) => this.views.get(key) ?? this.record(key, OFFLINE, false));
  }

  /** Reads every modem's status; a modem that is rotating keeps its state until the rotation ends. */
  async refresh(signal?: AbortSignal): Promise<void> {
    await Promise.all(
      this.driver.keys().map(async (key) => {
        let state: ModemState;
        try {
          state = await this.driver.status(key, signal);
        } catch (error) {
          this.log.warn({ modem: key, err: error }, 'modem status failed');
          state = OFFLINE;
        }
        if (!this.views.get(key)?.rotating) this.set(key, state, false);
      }),
    );
  }

  /**
   * Rotates (reconnects) or reboots the modem. Either way it is marked offline first, which closes the sessions
   * bound to it (`change`): a client sees its tunnel end at once, not hang until the old address times out.
   */
  async rotate(key: string, signal?: AbortSignal, kind: RestartKind = 'rotate'): Promise<RotationOutcome> {
    if (!this.driver.keys().includes(key)) throw new UnknownModemError(key);
    const previousIp = this.views.get(key)?.ip ?? null;
    this.set(key, OFFLINE, true);
    const started = Date.now();
    // The rotation metrics count rotations only: a reboot's minute would skew their durations.
    const measure = (ok: boolean) => {
      if (kind === 'rotate') this.emit('rotated', key, ok, (Date.now() - started) / 1000);
    };
    try {
      const state = await (kind === 'reboot' ? this.driver.reboot(key, signal) : this.driver.rotate(key, signal));
      this.set(key, state, false);
      if (!state.ip) throw new RotationError('offline: the modem came back without an address');
      const done = kind === 'reboot' ? 'modem rebooted' : 'modem rotated';
      this.log.info({ modem: key, ip: state.ip, previousIp, ms: Date.now() - started }, done);
      measure(true);
      return { ip: state.ip, previousIp };
    } catch (error) {
      measure(false);
      // Whatever the rotation left behind, the gateway should bind to what the modem has now.
      let state: ModemState = OFFLINE;
      try {
        state = await this.driver.status(key, signal);
      } catch {
        state = OFFLINE;
      }
      this.set(key, state, false);
      throw error;
    }
  }

  private set(key: string, state: ModemState, rotating: boolean): void {
    const previous = this.views.get(key);
    this.record(key, state, rotating);
    if (previous?.bindAddress !== state.bindAddress || previous?.online !== state.online) {
      if (previous) this.log.info({ modem: key, online: state.online, ip: state.ip }, 'modem changed');
      this.emit('change', key);
    }
  }

  private record(key: string, state: ModemState, rotating: boolean): ModemView {
    const view = { key, ...state, rotating, checkedAt: new Date() };
    this.views.set(key, view);
    return view;
  }
}
