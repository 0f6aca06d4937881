import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { MODEM_KEY } from '@proxy/contract/schemas/farm-agent';
import * as v from 'valibot';
import { familyOf } from '../addresses.ts';
import { sleep as realSleep, type Sleep } from '../sleep.ts';
import { OFFLINE, RotationError, UnknownModemError, type ModemDriver, type ModemState } from './driver.ts';

/**
 * Modems controlled by shell commands from a file on the farm host (agent/README.md has `mmcli` and HiLink
 * examples). The commands come from that file only, never from the API: the API names modems by key, so whoever
 * controls the API still cannot run programs on the farm.
 *
 * - `status` prints the address outgoing sockets bind to on its first line and, optionally, the external address on
 *   its second (a HiLink modem NATs: the host's address on its interface stays, the WAN address changes). Exit 0
 *   with an address means online; anything else, offline.
 * - `rotate` reconnects the modem; after it exits 0 the driver reads `status` every second until the modem is back.
 * - `reboot` (optional) restarts the modem (`mmcli -m N --reset`, a HiLink `device/control`); then the same wait,
 *   up to `reboot_timeout_seconds`. A modem without one refuses reboots with `reboot_unsupported`.
 * Both run under `/bin/sh -c` with `MODEM_KEY` in the environment.
 */
const CommandModemSchema = v.object({
  key: v.pipe(v.string(), v.regex(MODEM_KEY)),
  status: v.pipe(v.string(), v.minLength(1)),
  rotate: v.pipe(v.string(), v.minLength(1)),
  /** The longest a rotation may take, command and reconnection together. */
  timeout_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600)), 90),
  reboot: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** The longest a reboot may take: a USB modem re-enumerates and registers again, slower than a reconnect. */
  reboot_timeout_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(900)), 180),
});
export const CommandFileSchema = v.pipe(
  v.object({ modems: v.pipe(v.array(CommandModemSchema), v.minLength(1)) }),
  v.check((file) => new Set(file.modems.map((modem) => modem.key)).size === file.modems.length, 'duplicate key'),
);
export type CommandFile = v.InferOutput<typeof CommandFileSchema>;
type CommandModem = CommandFile['modems'][number];

/** A status command that hangs (a wedged modem) must not hold the status loop. */
const STATUS_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 64 * 1024;
/** How long after a reboot command the modem is left alone before its status is read. */
const REBOOT_SETTLE_MS = 5_000;

export async function loadCommandFile(path: string): Promise<CommandFile> {
  const text = await readFile(path, 'utf8');
  const result = v.safeParse(CommandFileSchema, JSON.parse(text));
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`);
    throw new Error(`${path}: ${problems.join('; ')}`);
  }
  return result.output;
}

interface RunResult {
  readonly ok: boolean;
  readonly stdout: string;
  readonly detail: string;
}

function run(command: string, key: string, timeoutMs: number, signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { env: { ...process.env, MODEM_KEY: key }, timeout: timeoutMs, maxBuffer: OUTPUT_LIMIT, signal },
      (error, stdout, stderr) => {
        const lastLine = (text: string) => text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
        if (error) {
          const reason = error.killed ? `timed out after ${timeoutMs} ms` : `exit ${String(error.code ?? '?')}`;
          resolve({ ok: false, stdout, detail: [reason, lastLine(stderr)].filter(Boolean).join(': ') });
        } else {
          resolve({ ok: true, stdout, detail: '' });
        }
      },
    );
  });
}

/** `status` output → state: line 1 the bind address, line 2 (optional) the external one. */
export function parseStatus(stdout: string): ModemState {
  const [bind = '', external = ''] = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (familyOf(bind) === 0) return OFFLINE;
  return { online: true, bindAddress: bind, ip: familyOf(external) === 0 ? bind : external };
}

export class CommandDriver implements ModemDriver {
  readonly kind = 'command';
  private readonly modems: ReadonlyMap<string, CommandModem>;
  private readonly rotations = new Map<string, Promise<ModemState>>();
  private readonly sleep: Sleep;

  constructor(file: CommandFile, options: { sleep?: Sleep } = {}) {
    this.modems = new Map(file.modems.map((modem) => [modem.key, modem]));
    this.sleep = options.sleep ?? realSleep;
  }

  keys(): readonly string[] {
    return [...this.modems.keys()];
  }

  async status(key: string, signal?: AbortSignal): Promise<ModemState> {
    const modem = this.modem(key);
    const result = await run(modem.status, key, STATUS_TIMEOUT_MS, signal);
    return result.ok ? parseStatus(result.stdout) : OFFLINE;
  }

  async rotate(key: string, signal?: AbortSignal): Promise<ModemState> {
    const modem = this.modem(key);
    return this.once(key, () => this.reconnect(modem, 'rotate', modem.rotate, modem.timeout_seconds, signal));
  }

  async reboot(key: string, signal?: AbortSignal): Promise<ModemState> {
    const modem = this.modem(key);
    const command = modem.reboot;
    if (command === undefined) throw new RotationError(`reboot_unsupported: no reboot command for "${key}"`);
    return this.once(key, () => this.reconnect(modem, 'reboot', command, modem.reboot_timeout_seconds, signal));
  }

  /** One rotation or reboot per modem at a time: a second request made meanwhile joins the running one. */
  private once(key: string, start: () => Promise<ModemState>): Promise<ModemState> {
    const running = this.rotations.get(key);
    if (running) return running;
    // Registered before the first await, so a request made meanwhile finds it.
    const restart = start().finally(() => this.rotations.delete(key));
    this.rotations.set(key, restart);
    return restart;
  }

  private async reconnect(
    modem: CommandModem,
    what: 'rotate' | 'reboot',
    command: string,
    timeoutSeconds: number,
    signal?: AbortSignal,
  ): Promise<ModemState> {
    const deadline = Date.now() + timeoutSeconds * 1000;
    const result = await run(command, modem.key, timeoutSeconds * 1000, signal);
    if (!result.ok) throw new RotationError(`${what} command failed: ${result.detail}`);
    // A reset command returns before the modem drops off the bus: a status read at once would still see the old
    // interface up and call the reboot done.
    if (what === 'reboot' && !(await this.sleep(REBOOT_SETTLE_MS, signal))) {
      throw new RotationError('interrupted: the agent is stopping');
    }
    while (Date.now() < deadline) {
      const state = await this.status(modem.key, signal);
      if (state.online) return state;
      if (!(await this.sleep(1_000, signal))) break;
    }
    throw new RotationError(`timeout: the modem did not come back within ${timeoutSeconds} s`);
  }

  private modem(key: string): CommandModem {
    const modem = this.modems.get(key);
    if (!modem) throw new UnknownModemError(key);
    return modem;
  }
}
