// What an agent is started with: the API, the modems' driver, where it keeps its state, and its timing.
import { MAX_CONFIG_WAIT_SECONDS, MIN_CONFIG_POLL_SECONDS } from '@proxy/contract/schemas/farm-agent';
import type { Logger } from 'pino';
import type { ConfigStore } from './config-store.ts';
import type { ModemDriver } from './drivers/driver.ts';
import type { PrivateTargets } from './gateway/targets.ts';
import type { TrafficStore } from './traffic-store.ts';

export interface AgentTiming {
  /** How long the API may hold a config request (long poll). */
  readonly configWaitSeconds: number;
  /** The shortest time between two config requests (an API that answers at once is polled this often). */
  readonly minPollMs: number;
  /** Retries after failures back off from 500 ms up to this. */
  readonly maxBackoffMs: number;
  readonly reportIntervalMs: number;
  readonly statusIntervalMs: number;
  readonly sampleIntervalMs: number;
  /** A report soon after a modem changes (a rotation, a modem lost), instead of at the next interval. */
  readonly changeReportDelayMs: number;
  /** How often every modem of the config is health-checked. */
  readonly checkIntervalMs: number;
  /** A check without an answer within this long failed (`timeout`). */
  readonly checkTimeoutMs: number;
}

export const DEFAULT_TIMING: AgentTiming = {
  configWaitSeconds: MAX_CONFIG_WAIT_SECONDS,
  minPollMs: MIN_CONFIG_POLL_SECONDS * 1000,
  maxBackoffMs: 15_000,
  reportIntervalMs: 10_000,
  statusIntervalMs: 15_000,
  sampleIntervalMs: 5_000,
  changeReportDelayMs: 500,
  checkIntervalMs: 300_000,
  checkTimeoutMs: 10_000,
};

export interface AgentOptions {
  readonly api: { readonly url: string; readonly token: string };
  /** The address the proxy ports listen on (`0.0.0.0` on a farm host). */
  readonly host: string;
  readonly driver: ModemDriver;
  readonly privateTargets: PrivateTargets;
  readonly log: Logger;
  /** Keeps the last config the API confirmed across restarts; without one the agent starts empty. */
  readonly store?: ConfigStore;
  /** Keeps the traffic the API has not taken across restarts; without one a restart loses it. */
  readonly trafficStore?: TrafficStore;
  readonly timing?: Partial<AgentTiming>;
  /** Unsent traffic buckets kept while the API is away. */
  readonly maxTrafficBuckets?: number;
  /** The clock traffic minutes are read from (tests move it a minute on instead of waiting one). */
  readonly now?: () => number;
}
