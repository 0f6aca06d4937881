/**
 * The agent process: environment → driver → agent; SIGTERM/SIGINT stop it gracefully (listeners closed, sessions
 * ended, a last report sent, unsent traffic saved), and so does the death of a parent that started it with an IPC channel. Run alone:
 * `AGENT_API_URL=… AGENT_TOKEN=… node agent/src/main.ts`.
 */
import { Agent } from './agent.ts';
import { ConfigStore } from './config-store.ts';
import { CommandDriver, loadCommandFile } from './drivers/command.ts';
import type { ModemDriver } from './drivers/driver.ts';
import { SimulatorDriver } from './drivers/simulator.ts';
import { createLogger } from './log.ts';
import { serveMetrics } from './metrics.ts';
import { loadSettings, SettingsError, type DriverSettings } from './settings.ts';
import { TrafficStore } from './traffic-store.ts';

async function createDriver(settings: DriverSettings): Promise<ModemDriver> {
  if (settings.kind === 'command') return new CommandDriver(await loadCommandFile(settings.file));
  return new SimulatorDriver(settings);
}

async function main(): Promise<void> {
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  const log = createLogger(settings.logLevel);
  process.on('unhandledRejection', (reason) => {
    // Every promise of the agent is awaited or caught; one that is not is a bug worth a loud line, not a crash
    // that takes every customer's proxy down with it.
    log.error({ err: reason }, 'unhandled rejection');
  });
  // A parent that started the agent with an IPC channel (npm start's demo launcher) takes it along when it dies, even
  // by kill -9: the kernel closes the channel, no signal handler has to run. An orphan would keep every proxy port and
  // go on serving a config the API has since changed. Watched from before the start, which can take a while.
  const parentGone = new Promise<void>((resolve) => {
    if (process.channel) process.once('disconnect', resolve);
  });
  const api = { url: settings.apiUrl, token: settings.token };
  const agent = await Agent.start({
    api,
    host: settings.listenHost,
    driver: await createDriver(settings.driver),
    privateTargets: settings.privateTargets,
    log,
    store: new ConfigStore({ dir: settings.stateDir, api, log }),
    trafficStore: new TrafficStore({ dir: settings.stateDir, apiUrl: api.url, log }),
    timing: {
      reportIntervalMs: settings.reportIntervalMs,
      statusIntervalMs: settings.statusIntervalMs,
      checkIntervalMs: settings.checkIntervalMs,
    },
  });
  const metrics = settings.metrics && (await serveMetrics(agent, settings.metrics, log));
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping');
    // A stop that hangs (a wedged modem command) must not keep the process past its supervisor's patience.
    setTimeout(() => process.exit(1), 10_000).unref();
    Promise.all([agent.stop(), metrics?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  void parentGone.then(() => stop('parent gone'));
}

await main();
