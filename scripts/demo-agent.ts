// The demo farm's agent for `npm start`: the `local` host's agent process with the simulator, beside the API, so a
// newcomer can order a proxy and curl through it. A fresh host token is made on every start and handed to the agent
// only (the old one stops working). DEMO_AGENT=off leaves it out (a real farm runs its agents on its own hosts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { RunningServer } from '../server/server.ts';
import { farmService } from '../server/domains/farm/index.ts';
import { DEMO_FARM_HOST, SEED_MODEMS } from '../server/db/seed-farm.ts';

const STOP_TIMEOUT_MS = 5_000;

/** Starts the demo agent; resolves the function that stops it. */
export async function startDemoAgent(server: RunningServer): Promise<() => Promise<void>> {
  const log = server.app.log;
  if (process.env.DEMO_AGENT === 'off') return async () => undefined;
  const farm = farmService(server.app.db);
  const [host] = await server.app.db.query<{ id: number }>('SELECT id FROM agent_hosts WHERE name = $1', [
    DEMO_FARM_HOST.name,
  ]);
  if (!host) {
    log.info(`no "${DEMO_FARM_HOST.name}" farm host: the demo agent is not started`);
    return async () => undefined;
  }
  const token = (await farm.regenerateHostToken(host.id)) as string;
  const api = new URL(server.url);
  const child = spawn(process.execPath, [resolve(import.meta.dirname, '../agent/src/main.ts')], {
    env: {
      ...process.env,
      AGENT_API_URL: `http://127.0.0.1:${api.port}`,
      AGENT_TOKEN: token,
      AGENT_LISTEN_HOST: process.env.AGENT_LISTEN_HOST ?? DEMO_FARM_HOST.publicHost,
      AGENT_SIMULATOR_MODEMS: String(SEED_MODEMS.length),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) log.error({ code, signal }, 'the demo farm agent stopped; proxies are not served until a restart');
  });
  log.info(`demo farm agent started (host "${DEMO_FARM_HOST.name}", ${SEED_MODEMS.length} simulated modems)`);
  return async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
}
