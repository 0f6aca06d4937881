/**
 * The agent's environment, parsed and validated once at start (house style: no raw `process.env` elsewhere). A bad
 * value stops the process with one message naming every bad variable.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { PrivateTargets } from './gateway/targets.ts';
import { SIMULATOR_DEFAULTS } from './drivers/simulator.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type DriverSettings =
  | {
      readonly kind: 'simulator';
      readonly modems: number;
      readonly network: string;
      readonly rotationMs: { readonly min: number; readonly max: number };
      readonly rebootMs: { readonly min: number; readonly max: number };
    }
  | { readonly kind: 'command'; readonly file: string };

export interface AgentSettings {
  readonly apiUrl: string;
  readonly token: string;
  readonly listenHost: string;
  readonly driver: DriverSettings;
  readonly privateTargets: PrivateTargets;
  /** Where the last config the API confirmed is kept across restarts (absolute). */
  readonly stateDir: string;
  readonly reportIntervalMs: number;
  readonly statusIntervalMs: number;
  /** How often each modem is health-checked (`AGENT_CHECK_SECONDS`). */
  readonly checkIntervalMs: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** Where `GET /metrics` is served (`AGENT_METRICS_LISTEN`); undefined: nowhere. */
  readonly metrics: { readonly host: string; readonly port: number; readonly token?: string } | undefined;
}

export class SettingsError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid agent environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

const seconds = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number of seconds from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number of seconds from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number of seconds from ${min} to ${max}`),
  );

const EnvSchema = v.object({
  AGENT_API_URL: v.pipe(
    v.string('is required'),
    v.check((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an http(s) URL'),
  ),
  // The host's token is a random secret the panel shows once; anything short is a typo or a placeholder.
  AGENT_TOKEN: v.pipe(v.string('is required'), v.minLength(20, 'must be at least 20 characters')),
  AGENT_LISTEN_HOST: v.optional(v.string(), '0.0.0.0'),
  AGENT_DRIVER: v.optional(v.picklist(['simulator', 'command'], 'must be simulator or command'), 'simulator'),
  AGENT_SIMULATOR_MODEMS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(250)),
    String(SIMULATOR_DEFAULTS.modems),
  ),
  AGENT_SIMULATOR_NETWORK: v.optional(
    v.pipe(v.string(), v.regex(/^127\.\d+\.\d+\.\d+\/\d+$/, 'must be a block inside 127.0.0.0/8')),
    SIMULATOR_DEFAULTS.network,
  ),
  AGENT_SIMULATOR_ROTATION_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+(-\d+)?$/, 'must be milliseconds, or a range like 1000-3000')),
    `${SIMULATOR_DEFAULTS.rotationMs.min}-${SIMULATOR_DEFAULTS.rotationMs.max}`,
  ),
  AGENT_SIMULATOR_REBOOT_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+(-\d+)?$/, 'must be milliseconds, or a range like 5000-10000')),
    `${SIMULATOR_DEFAULTS.rebootMs.min}-${SIMULATOR_DEFAULTS.rebootMs.max}`,
  ),
  AGENT_COMMAND_FILE: v.optional(v.string()),
  AGENT_PRIVATE_TARGETS: v.optional(v.picklist(['allow', 'deny'], 'must be allow or deny')),
  // The XDG state directory: per user, writable without root, and (unlike /tmp) kept across the reboot it is for.
  AGENT_STATE_DIR: v.optional(v.string(), path.join(homedir(), '.local', 'state', 'farm-agent')),
  AGENT_REPORT_SECONDS: v.optional(seconds(1, 300), '10'),
  AGENT_STATUS_SECONDS: v.optional(seconds(1, 600), '15'),
  AGENT_CHECK_SECONDS: v.optional(seconds(5, 3_600), '300'),
  // host:port, [v6 address]:port too; its own address, away from the customer-facing proxy ports.
  AGENT_METRICS_LISTEN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?:\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):\d{1,5}$/, 'must be host:port, like 127.0.0.1:9464'),
      v.transform((value) => {
        const at = value.lastIndexOf(':');
        return { host: value.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(value.slice(at + 1)) };
      }),
      v.check(({ port }) => port <= 65535, 'must be host:port, like 127.0.0.1:9464'),
    ),
  ),
  AGENT_METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(20, 'must be at least 20 characters'))),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
});

/** `1000-3000` (random within) or `1000` (exactly). */
function range(name: string, text: string): { min: number; max: number } {
  const [min = 0, max = min] = text.split('-').map(Number);
  if (max < min) throw new SettingsError([`${name}: the range must not run backwards`]);
  return { min, max };
}

export function loadSettings(env: Readonly<Record<string, string | undefined>> = process.env): AgentSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    throw new SettingsError(
      result.issues.map(
        (issue) =>
          `${v.getDotPath(issue) ?? 'environment'}: ${issue.received === 'undefined' ? 'is required' : issue.message}`,
      ),
    );
  }
  const e = result.output;
  let driver: DriverSettings;
  if (e.AGENT_DRIVER === 'command') {
    if (!e.AGENT_COMMAND_FILE) throw new SettingsError(['AGENT_COMMAND_FILE: is required with AGENT_DRIVER=command']);
    driver = { kind: 'command', file: e.AGENT_COMMAND_FILE };
  } else {
    driver = {
      kind: 'simulator',
      modems: e.AGENT_SIMULATOR_MODEMS,
      network: e.AGENT_SIMULATOR_NETWORK,
      rotationMs: range('AGENT_SIMULATOR_ROTATION_MS', e.AGENT_SIMULATOR_ROTATION_MS),
      rebootMs: range('AGENT_SIMULATOR_REBOOT_MS', e.AGENT_SIMULATOR_REBOOT_MS),
    };
  }
  return {
    apiUrl: e.AGENT_API_URL,
    token: e.AGENT_TOKEN,
    listenHost: e.AGENT_LISTEN_HOST,
    driver,
    // The simulator's targets are on this machine by design; a real farm keeps customers off its own network.
    privateTargets: e.AGENT_PRIVATE_TARGETS ?? (driver.kind === 'simulator' ? 'allow' : 'deny'),
    stateDir: path.resolve(e.AGENT_STATE_DIR),
    reportIntervalMs: e.AGENT_REPORT_SECONDS * 1000,
    statusIntervalMs: e.AGENT_STATUS_SECONDS * 1000,
    checkIntervalMs: e.AGENT_CHECK_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    metrics: e.AGENT_METRICS_LISTEN && {
      ...e.AGENT_METRICS_LISTEN,
      ...(e.AGENT_METRICS_TOKEN ? { token: e.AGENT_METRICS_TOKEN } : {}),
    },
  };
}
