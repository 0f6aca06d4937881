import { familyOf } from '../addresses.ts';
import { sleep as realSleep, type Sleep } from '../sleep.ts';
import { OFFLINE, RotationError, UnknownModemError, type ModemDriver, type ModemState } from './driver.ts';

export interface SimulatorOptions {
  /** How many modems (`sim-1` … `sim-N`). */
  readonly modems: number;
  /**
   * The IPv4 block the modems' addresses come from. On Linux all of 127.0.0.0/8 is routed on `lo`, so a socket bound
   * to 127.0.0.7 really leaves from 127.0.0.7 and a local server sees the modem's address change after a rotation.
   */
  readonly network: string;
  /** A rotation takes a random time in this range (docs/product.md: 1–3 s); tests pass a few milliseconds. */
  readonly rotationMs: { readonly min: number; readonly max: number };
  /** A reboot takes a random time in this range (longer than a rotation, like a real modem); tests pass a few ms. */
  readonly rebootMs?: { readonly min: number; readonly max: number };
  readonly sleep?: Sleep;
  readonly random?: () => number;
}

export const SIMULATOR_DEFAULTS = {
  modems: 4,
  network: '127.0.0.0/24',
  rotationMs: { min: 1_000, max: 3_000 },
  rebootMs: { min: 5_000, max: 10_000 },
} as const satisfies SimulatorOptions;

/** The usable addresses of an IPv4 block: without the network, broadcast and 127.0.0.1 (a modem is never "localhost"). */
export function simulatorAddresses(network: string): string[] {
  const [base = '', prefixText = ''] = network.split('/');
  const prefix = Number(prefixText);
  if (familyOf(base) !== 4 || !Number.isInteger(prefix) || prefix < 8 || prefix > 30) {
    throw new Error(`simulator network must be an IPv4 block from /8 to /30, got "${network}"`);
  }
  const start = base.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0) >>> 0;
  const size = 2 ** (32 - prefix);
  const first = start - (start % size);
  const addresses: string[] = [];
  // A /8 has 16 M addresses; a few thousand are more modems than a test or a demo will ever want.
  for (let n = first + 1; n < first + size - 1 && addresses.length < 4_096; n++) {
    const address = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    if (address !== '127.0.0.1') addresses.push(address);
  }
  return addresses;
}

interface SimulatedModem {
  address: string | null;
  /** Set while a rotation or a reboot runs; a second request waits for it rather than racing it. */
  rotation: Promise<ModemState> | null;
}

/** Modems whose "interface addresses" are loopback addresses: the embedded default and the tests' farm. */
export class SimulatorDriver implements ModemDriver {
  readonly kind = 'simulator';
  private readonly modems = new Map<string, SimulatedModem>();
  private readonly pool: string[];
  private readonly options: SimulatorOptions;
  private readonly sleep: Sleep;
  private readonly random: () => number;

  constructor(options: SimulatorOptions) {
    this.options = options;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.pool = simulatorAddresses(options.network);
    if (options.modems < 1 || options.modems >= this.pool.length) {
      // Fewer addresses than modems + 1 would leave a rotation no new address to move to.
      throw new Error(`simulator network ${options.network} has room for at most ${this.pool.length - 1} modems`);
    }
    for (let n = 1; n <= options.modems; n++) {
      this.modems.set(`sim-${n}`, { address: this.pool[n - 1] ?? null, rotation: null });
    }
  }

  keys(): readonly string[] {
    return [...this.modems.keys()];
  }

  async status(key: string): Promise<ModemState> {
    const modem = this.modem(key);
    return stateOf(modem.address);
  }

  rotate(key: string, signal?: AbortSignal): Promise<ModemState> {
    return this.restart(key, this.options.rotationMs, signal);
  }

  /** A simulated reboot is a longer reconnect: offline for `rebootMs`, then back on a new address. */
  reboot(key: string, signal?: AbortSignal): Promise<ModemState> {
    return this.restart(key, this.options.rebootMs ?? SIMULATOR_DEFAULTS.rebootMs, signal);
  }

  private async restart(key: string, duration: SimulatorOptions['rotationMs'], signal?: AbortSignal) {
    const modem = this.modem(key);
    // Set before the first await, so a second request made meanwhile joins this one.
    modem.rotation ??= this.reconnect(modem, duration, signal).finally(() => {
      modem.rotation = null;
    });
    return modem.rotation;
  }

  private async reconnect(
    modem: SimulatedModem,
    duration: SimulatorOptions['rotationMs'],
    signal?: AbortSignal,
  ): Promise<ModemState> {
    const previous = modem.address;
    // Like a real modem: no address while it reconnects to the operator.
    modem.address = null;
    const { min, max } = duration;
    const finished = await this.sleep(min + Math.floor(this.random() * (max - min + 1)), signal);
    const taken = new Set([...this.modems.values()].map((other) => other.address));
    const free = this.pool.filter((address) => address !== previous && !taken.has(address));
    modem.address = free[Math.floor(this.random() * free.length)] ?? previous;
    if (!finished) throw new RotationError('interrupted: the agent is stopping');
    return stateOf(modem.address);
  }

  private modem(key: string): SimulatedModem {
    const modem = this.modems.get(key);
    if (!modem) throw new UnknownModemError(key);
    return modem;
  }
}

function stateOf(address: string | null): ModemState {
  return address ? { online: true, bindAddress: address, ip: address } : OFFLINE;
}
