/**
 * Modem control behind one interface (docs/product.md: `simulator` and `command`). A driver knows the modems of
 * its host by key and answers, for each, whether it is up, which local address outgoing sockets bind to, and the
 * external address targets see (the same on a modem with a public address, different behind a HiLink modem's NAT).
 */
export interface ModemState {
  readonly online: boolean;
  /** The local address to bind outgoing sockets to; null while offline. */
  readonly bindAddress: string | null;
  /** The external address targets see; null while offline. */
  readonly ip: string | null;
}

export const OFFLINE: ModemState = Object.freeze({ online: false, bindAddress: null, ip: null });

export interface ModemDriver {
  readonly kind: 'simulator' | 'command';
  /** The modems this host has. */
  keys(): readonly string[];
  status(key: string, signal?: AbortSignal): Promise<ModemState>;
  /** Reconnects the modem to its operator; resolves once it is back (or throws `RotationError`). */
  rotate(key: string, signal?: AbortSignal): Promise<ModemState>;
  /**
   * Restarts the modem itself (the cure for a wedged one that a reconnect does not fix); resolves once it is back
   * with an address (or throws `RotationError`). Slower than `rotate`: the modem is offline for a minute or so.
   */
  reboot(key: string, signal?: AbortSignal): Promise<ModemState>;
}

/** A rotation that could not be done; `message` is what staff see in the rotation history. */
export class RotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RotationError';
  }
}

export class UnknownModemError extends RotationError {
  constructor(key: string) {
    super(`modem_unknown: this host has no modem "${key}"`);
    this.name = 'UnknownModemError';
  }
}
