import * as v from 'valibot';
import { IPV4, isIpOrCidr } from '../ip-ranges.ts';
import { rowId } from './fields.ts';

/**
 * The protocol between a farm agent (`agent/`, one process per farm host) and the API (docs/product.md "The farm:
 * modems, the agent, the gateway"). The agent is the only side that opens connections: it pulls its configuration,
 * posts reports and posts rotation results, so a farm host behind NAT or a mobile uplink needs no inbound port for
 * the API. Every request carries `Authorization: Bearer <host token>`: a per-host secret, never a staff session.
 *
 * - `GET  /api/agent/config/?since=<version>&wait=<seconds>` — 200 `AgentConfig` when the host's configuration is
 *   not `since` (or `since` is absent); 304 with no body when it still is. The API may hold the request up to `wait`
 *   seconds (at most `MAX_CONFIG_WAIT_SECONDS`) and answer as soon as the version changes (long poll), or answer at
 *   once; the agent asks again at most `MIN_CONFIG_POLL_SECONDS` after a quick answer, so a change reaches the
 *   gateway within about a second either way.
 *   An agent that sends `protocol=2` (`AGENT_PROTOCOL`) also sends `rotations=<rotations_version>` (from the last
 *   answer) and is told of rotations apart (#42): a rotation requested or finished moves only the host's
 *   `rotations_version`, and while `version` is still `since` the API answers `RotationsAnswer` (the pending
 *   rotations, a few hundred bytes) instead of the whole config (~110 KB for 750 proxies). Its configs carry
 *   `rotations_version`. An agent that sends no `protocol` gets configs whose `version` moves with rotations too, as
 *   before; an API older than the field ignores it and sends configs without `rotations_version`, and the agent then
 *   reads rotations from them as before.
 *   An agent that sends `protocol=3` gets, when its `since` is a version the API still remembers (the last few it
 *   served) and the changes since are smaller than the whole config, an `AgentConfigDelta` instead (#42): the proxies
 *   added or changed since `since`, the ids of those gone, the modems only when they changed. It applies it to the
 *   config it has (`applyConfigDelta`) and, when `from` is not its version, asks again without `since` for the whole
 *   config. Protocol 1 and 2 agents are sent whole configs as before.
 * - `POST /api/agent/report/` — body `AgentReport`; 204. The API stores a traffic bucket by (proxy, minute),
 *   replacing, never adding: a repeated post (the answer was lost) is absorbed, and a minute the agent sent as it stood
 *   (at a stop; after a restart) is replaced by its whole sum once it is over (#42).
 * - `POST /api/agent/rotations/{id}/` — body `RotationResult` for a rotation (or reboot) the config asked for; 204. 404 or 409
 *   mean the API no longer waits for it and the agent drops the result.
 * - `POST /api/agent/checks/{id}/` — body `CheckResult` for a health check the config asked for (a customer's "check
 *   now"); 204. 404 or 409 mean the API no longer waits for it and the agent drops the result.
 * - `GET  /api/ip/` — no token, for anyone: answers the caller's address as plain text. The default target of the
 *   agent's health checks, which reach it through a modem and so learn the address the modem's customers are seen
 *   from; customers curl it through their proxy for the same.
 * - 401 on any of them: unknown or revoked host token.
 */

export const AGENT_API_PATHS = {
  config: '/api/agent/config/',
  report: '/api/agent/report/',
  // `':id'` gives the route's pattern, which the API's router mounts: one spelling of each path.
  rotation: (id: number | ':id') => `/api/agent/rotations/${id}/`,
  check: (id: number | ':id') => `/api/agent/checks/${id}/`,
  ip: '/api/ip/',
} as const;

/**
 * The config protocol the agent speaks, sent as `?protocol=`: 2 is rotations apart from the config (`RotationsAnswer`),
 * 3 is config deltas (`AgentConfigDelta`). Absent: 1, configs only.
 */
export const AGENT_PROTOCOL = 3;

/** A long poll is held at most this long: below the 30 s idle timeouts common in reverse proxies and NAT boxes. */
export const MAX_CONFIG_WAIT_SECONDS = 25;
/** The shortest pause between two config requests when the API answers at once (a plain poll). */
export const MIN_CONFIG_POLL_SECONDS = 1;

/** Private proxies: a modem carries one served proxy today, but the config does not assume it. */
export const PROXY_STATES = ['active', 'expiring', 'expired', 'suspended'] as const;
export type ProxyState = (typeof PROXY_STATES)[number];
/**
 * The states the gateway serves: an `expiring` proxy is still paid for (the renewal reminder period); `expired` and
 * `suspended` ones are listed so the agent knows to close their ports and sessions, not served.
 */
export const SERVED_PROXY_STATES: readonly ProxyState[] = ['active', 'expiring'];

export const MODEM_STATUSES = ['online', 'offline'] as const;
export type ModemStatus = (typeof MODEM_STATUSES)[number];

/** At most this many whitelist entries per proxy (docs/product.md: up to 10). */
export const MAX_WHITELIST = 10;
/** One report carries at most this many traffic buckets; an agent with more sends the rest in the next report. */
export const MAX_TRAFFIC_BUCKETS_PER_REPORT = 5_000;
export const MAX_MODEMS_PER_HOST = 1_000;
export const MAX_PROXIES_PER_HOST = 5_000;

// Node's `net.isIPv6` is not available to the browser side of the contract; valibot's is the same check.
const isIpv6 = (value: string) => v.is(v.pipe(v.string(), v.ipv6()), value);

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An address as a report writes it: IPv4 or IPv6, no block. */
const ipAddress = v.pipe(
  v.string(),
  v.check((value) => IPV4.test(value) || isIpv6(value), 'ip_address'),
);
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const port = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535));

/**
 * How the host's driver knows a modem: `sim-3` for the simulator, the name a command driver's file gives (`usb0`).
 * Only a name: the commands that control a modem live in a file on the farm host, never in what the API sends, so a
 * compromised API cannot run programs on the farm.
 */
export const MODEM_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const modemKey = v.pipe(v.string(), v.regex(MODEM_KEY));

/**
 * A proxy login: it goes into `http://login:password@host:port` and a SOCKS5 username (≤ 255 bytes), so no `:`, `@`
 * or `/`.
 */
export const PROXY_LOGIN = /^[A-Za-z0-9._~-]{1,64}$/;
/** Printable ASCII without spaces: what a connection string carries without escaping surprises. */
export const PROXY_PASSWORD = /^[\x21-\x7e]{1,128}$/;

// ---------------------------------------------------------------------------------------------------------------
// Configuration (API → agent)

export const AgentModemSchema = v.object({
  id: rowId(),
  /** The staff's name for it, for the agent's logs. */
  name: v.pipe(v.string(), v.maxLength(100)),
  /** The modem as the host's driver knows it. */
  key: modemKey,
  /** The external address the API last heard of (informational: the agent binds to what its driver reads now). */
  ip: v.nullable(ipAddress),
});
export type AgentModem = v.InferOutput<typeof AgentModemSchema>;

export const AgentProxySchema = v.object({
  id: rowId(),
  modem_id: rowId(),
  http_port: port,
  socks_port: port,
  login: v.pipe(v.string(), v.regex(PROXY_LOGIN)),
  password: v.pipe(v.string(), v.regex(PROXY_PASSWORD)),
  /**
   * Addresses or CIDR blocks that may use the proxy without a password. One the API would refuse now (too wide,
   * loopback: `whitelistProblem`) passes here and the agent ignores it: refusing the whole config for it would keep
   * every proxy of the host on the last config, new passwords and suspensions unapplied.
   */
  whitelist: v.pipe(v.array(v.pipe(v.string(), v.check(isIpOrCidr, 'ip_or_cidr'))), v.maxLength(MAX_WHITELIST)),
  state: v.picklist(PROXY_STATES),
});
export type AgentProxy = v.InferOutput<typeof AgentProxySchema>;

/** What a rotation request asks of the modem: a reconnect for a new address, or a restart of the modem itself. */
export const ROTATION_KINDS = ['rotate', 'reboot'] as const;
export type RotationKind = (typeof ROTATION_KINDS)[number];

/**
 * A rotation the API waits for (the change-IP link, "change now", auto-rotation, a reboot); listed until its result
 * is posted, to `AGENT_API_PATHS.rotation` either way. `kind` came later and is optional, `rotate` when absent: an
 * agent older than it drops the unknown field and reconnects the modem instead of rebooting it (still a new address,
 * still a result), and a newer agent reads an older API's requests as rotations.
 */
export const RotationRequestSchema = v.object({
  id: rowId(),
  modem_id: rowId(),
  kind: v.optional(v.picklist(ROTATION_KINDS), 'rotate'),
  requested_at: timestamp,
});
export type RotationRequest = v.InferOutput<typeof RotationRequestSchema>;

/** A health check the API waits for (a customer's "check now"); listed until its result is posted. */
export const CheckRequestSchema = v.object({
  id: rowId(),
  modem_id: rowId(),
  requested_at: timestamp,
});
export type CheckRequest = v.InferOutput<typeof CheckRequestSchema>;

const versionString = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

export const AgentConfigSchema = v.pipe(
  v.object({
    /** Opaque; changes whenever anything below does. Sent back as `?since=`. */
    version: versionString,
    modems: v.pipe(v.array(AgentModemSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
    proxies: v.pipe(v.array(AgentProxySchema), v.maxLength(MAX_PROXIES_PER_HOST)),
    rotations: v.pipe(v.array(RotationRequestSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
    /**
     * Where the agent's health checks go through each modem: a URL answering the caller's address as plain text.
     * Optional: an API older than health checks sends none, and the agent then asks the API's own
     * `AGENT_API_PATHS.ip`.
     */
    check_url: v.optional(v.pipe(v.string(), v.maxLength(500), v.check(isHttpUrl, 'http_url'))),
    /** Health checks asked for now (optional: an API older than them sends none, an older agent ignores them). */
    checks: v.optional(v.pipe(v.array(CheckRequestSchema), v.maxLength(MAX_MODEMS_PER_HOST))),
    /**
     * Under `protocol=2` only: the version of `rotations`, sent back as `?rotations=`. Absent: the API does not speak
     * protocol 2, and `version` moves with the rotations.
     */
    rotations_version: v.optional(versionString),
  }),
  // A port given twice would make the agent serve one proxy and fail the other at random: refuse the whole config
  // (the agent keeps the last good one) so the API's bug is seen, not half-applied.
  v.check((config) => {
    const ports = config.proxies
      .filter((proxy) => SERVED_PROXY_STATES.includes(proxy.state))
      .flatMap((proxy) => [proxy.http_port, proxy.socks_port]);
    return new Set(ports).size === ports.length;
  }, 'duplicate_port'),
  v.check((config) => {
    const modems = new Set(config.modems.map((modem) => modem.id));
    return config.proxies.every((proxy) => modems.has(proxy.modem_id));
  }, 'unknown_modem'),
);
export type AgentConfig = v.InferOutput<typeof AgentConfigSchema>;

/**
 * Under `protocol=2`, the answer while the config is still `since` and only the rotations moved: every pending rotation
 * (the same list a config would carry), and the versions to send back.
 */
export const RotationsAnswerSchema = v.object({
  kind: v.literal('rotations'),
  rotations_version: versionString,
  rotations: v.pipe(v.array(RotationRequestSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
});
export type RotationsAnswer = v.InferOutput<typeof RotationsAnswerSchema>;

/**
 * Under `protocol=3`, a config that moved since `from` (the agent's `since`), as the changes to it: `upserts` are the
 * proxies new or changed (whole), `removals` the ids of those gone, `modems` the whole list when it changed (absent:
 * unchanged). The rotations, checks and `check_url` are small and always whole (`check_url` null: none set).
 */
export const AgentConfigDeltaSchema = v.object({
  kind: v.literal('delta'),
  from: versionString,
  version: versionString,
  rotations_version: versionString,
  upserts: v.pipe(v.array(AgentProxySchema), v.maxLength(MAX_PROXIES_PER_HOST)),
  removals: v.pipe(v.array(rowId()), v.maxLength(MAX_PROXIES_PER_HOST)),
  modems: v.optional(v.pipe(v.array(AgentModemSchema), v.maxLength(MAX_MODEMS_PER_HOST))),
  rotations: v.pipe(v.array(RotationRequestSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
  checks: v.pipe(v.array(CheckRequestSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
  check_url: v.nullable(v.pipe(v.string(), v.maxLength(500), v.check(isHttpUrl, 'http_url'))),
});
export type AgentConfigDelta = v.InferOutput<typeof AgentConfigDeltaSchema>;

/**
 * The config `delta` makes of `config`: the same, proxy for proxy and in the same order (by id), as the whole config
 * of `delta.version` would be. Null when it does not apply (`from` is not `config`'s version): the agent then asks for
 * the whole config. The result is not validated here: the caller checks it as it checks a whole config.
 */
export function applyConfigDelta(config: AgentConfig, delta: AgentConfigDelta): AgentConfig | null {
  if (delta.from !== config.version) return null;
  const proxies = new Map(config.proxies.map((proxy) => [proxy.id, proxy]));
  for (const id of delta.removals) proxies.delete(id);
  for (const proxy of delta.upserts) proxies.set(proxy.id, proxy);
  const { check_url: _dropped, ...rest } = config;
  return {
    ...rest,
    version: delta.version,
    rotations_version: delta.rotations_version,
    modems: delta.modems ?? config.modems,
    proxies: [...proxies.values()].sort((a, b) => a.id - b.id),
    rotations: delta.rotations,
    checks: delta.checks,
    ...(delta.check_url === null ? {} : { check_url: delta.check_url }),
  };
}

export const ConfigQuerySchema = v.object({
  since: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** Under `protocol=2`: the `rotations_version` of the last answer. */
  rotations: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** The protocol the agent speaks (`AGENT_PROTOCOL`); a later one than the API knows is answered in the API's own. */
  protocol: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))),
  wait: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.maxValue(MAX_CONFIG_WAIT_SECONDS))),
});
export type ConfigQuery = v.InferOutput<typeof ConfigQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Reports (agent → API)

export const ModemReportSchema = v.object({
  key: modemKey,
  /** Null for a modem the driver has and the config does not mention (the panel can offer to add it). */
  modem_id: v.nullable(rowId()),
  status: v.picklist(MODEM_STATUSES),
  /** The external address targets see; null while offline. */
  ip: v.nullable(ipAddress),
  checked_at: timestamp,
});
export type ModemReport = v.InferOutput<typeof ModemReportSchema>;

const bytes = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

/**
 * The bytes one proxy carried during one minute. `bytes_in`: received from the customer's client (requests,
 * uploads); `bytes_out`: sent to the client (responses, downloads). Counted on the customer's side of the gateway,
 * protocol overhead included, only for connections that authenticated.
 */
export const TrafficBucketSchema = v.object({
  proxy_id: rowId(),
  /** The minute's start, `YYYY-MM-DDTHH:MM:00.000Z`. */
  minute: v.pipe(
    timestamp,
    v.check((value) => value.endsWith(':00.000Z'), 'minute_start'),
  ),
  bytes_in: bytes,
  bytes_out: bytes,
});
export type TrafficBucket = v.InferOutput<typeof TrafficBucketSchema>;

/** At most this many health checks per report; an agent with more sends the rest in the next one. */
export const MAX_CHECKS_PER_REPORT = 1_000;

/**
 * One health check of a modem: an HTTP request through the modem's own egress (the path its proxies use) to the
 * config's `check_url`. `ip` is the address the target saw (null when it failed or answered something else).
 */
export const HealthCheckSchema = v.object({
  modem_id: rowId(),
  ok: v.boolean(),
  latency_ms: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
  ip: v.nullable(ipAddress),
  /** Why it failed, for staff: `timeout`, `ECONNREFUSED`, `status 502`. */
  error: v.nullable(v.pipe(v.string(), v.maxLength(500))),
  checked_at: timestamp,
});
export type HealthCheck = v.InferOutput<typeof HealthCheckSchema>;

/** The result of a check the config asked for, posted to `AGENT_API_PATHS.check`. */
export const CheckResultSchema = v.omit(HealthCheckSchema, ['modem_id']);
export type CheckResult = v.InferOutput<typeof CheckResultSchema>;

export const AgentReportSchema = v.object({
  /** The config version the gateway serves now; null before the first one arrived. */
  config_version: v.nullable(v.pipe(v.string(), v.maxLength(100))),
  started_at: timestamp,
  modems: v.pipe(v.array(ModemReportSchema), v.maxLength(MAX_MODEMS_PER_HOST)),
  /** Minutes not yet acknowledged, oldest first: finished ones, and at a stop or after a restart the running one. */
  traffic: v.pipe(v.array(TrafficBucketSchema), v.maxLength(MAX_TRAFFIC_BUCKETS_PER_REPORT)),
  /**
   * Health checks made since the last report, oldest first. Optional: an agent older than health checks sends none,
   * and an API older than them drops the field unread.
   */
  checks: v.optional(v.pipe(v.array(HealthCheckSchema), v.maxLength(MAX_CHECKS_PER_REPORT))),
});
export type AgentReport = v.InferOutput<typeof AgentReportSchema>;

export const RotationResultSchema = v.variant('status', [
  v.object({
    status: v.literal('done'),
    /** The external address after the rotation (an operator may hand back the same one). */
    ip: ipAddress,
    previous_ip: v.nullable(ipAddress),
    finished_at: timestamp,
  }),
  v.object({
    status: v.literal('failed'),
    /** Why, for staff: `modem_unknown`, `timeout`, the command's last output line. */
    error: v.pipe(v.string(), v.maxLength(500)),
    finished_at: timestamp,
  }),
]);
export type RotationResult = v.InferOutput<typeof RotationResultSchema>;
