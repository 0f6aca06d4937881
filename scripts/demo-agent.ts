// The demo farm's agent for `npm start`: the `local` host's agent process with the simulator, beside the API, so a
// newcomer can order a proxy and curl through it. A fresh host token is made on every start and handed to the agent
// only (the old one stops working). DEMO_AGENT=off leaves it out (a real farm runs its agents on its own hosts).
// The agent dies with this process, kill -9 included (it watches the IPC channel), and each start first stops one a
// previous start left running (its pid in DATA_DIR/demo-agent.pid), so the proxy ports are never held by an orphan.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../server/db/db.ts';
import type { RunningServer } from '../server/server.ts';
import { farmService } from '../server/domains/farm/index.ts';
import { DEMO_FARM_HOST, SEED_MODEMS } from '../server/db/seed-farm.ts';

const STOP_TIMEOUT_MS = 5_000;
const AGENT_MAIN = resolve(import.meta.dirname, '../agent/src/main.ts');
/** In DATA_DIR: the running demo agent's pid, so the next start can find one this start failed to stop. */
const PID_FILE_NAME = 'demo-agent.pid';

/**
 * True when `pid` runs agent/src/main.ts of this checkout: a pid file outlives its process, and the number may have
 * gone to anything since. Read from /proc (Linux); elsewhere nothing is ever taken for a stale agent.
 */
function isDemoAgent(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(AGENT_MAIN);
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  // A zombie's cmdline is empty, so a stale agent counts as gone once it has exited, reaped or not.
  for (const deadline = Date.now() + withinMs; Date.now() < deadline;) {
    if (!isDemoAgent(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !isDemoAgent(pid);
}

/**
 * An agent a previous start left running (that launcher was killed, and its agent missed it, or predates watching
 * for it) holds every proxy port and serves an old config: stopped here before the new one starts.
 */
async function stopStaleAgent(pidFile: string, log: FastifyBaseLogger): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return; // No pid file: the last start stopped its agent.
  }
  if (!Number.isInteger(pid) || !isDemoAgent(pid)) return;
  log.warn({ agentPid: pid }, 'stopping the demo farm agent a previous start left running');
  try {
    process.kill(pid, 'SIGTERM');
    // As systemd does: a stopped process (^Z, a debugger) handles the SIGTERM only once it runs again.
    process.kill(pid, 'SIGCONT');
    if (!(await gone(pid, STOP_TIMEOUT_MS))) {
      process.kill(pid, 'SIGKILL');
      await gone(pid, STOP_TIMEOUT_MS);
    }
  } catch (error) {
    log.error(
      { err: error, agentPid: pid },
      'the old demo farm agent could not be stopped; its proxy ports stay taken',
    );
  }
}

/** Removes the pid file if it still names `pid` (another start on this DATA_DIR may have replaced it). */
function forgetPid(pidFile: string, pid: number | undefined): void {
  try {
    if (Number.parseInt(readFileSync(pidFile, 'utf8'), 10) === pid) rmSync(pidFile);
  } catch {
    // Already gone.
  }
}

/** In DATA_DIR: the public address the last start gave the demo host, so the next start knows it was not staff's. */
const FOLLOWED_FILE_NAME = 'demo-agent-host';
/** Listening on every interface says nothing of the address customers reach. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The demo host's public address follows the agent's listen address (#49): with `AGENT_LISTEN_HOST` set, as on any
 * real machine, the connection strings must name that address, not the seed's 127.0.0.1, where nothing answers for a
 * customer elsewhere. An address staff set (anything but the seed's or the one an earlier start wrote) is kept. One
 * conditional UPDATE: staff saving the host at the same moment either win or are seen as set.
 */
export async function followListenHost(
  db: Queryable,
  listenHost: string | undefined,
  dataDir: string,
): Promise<string | null> {
  const address = listenHost?.trim() ?? '';
  if (WILDCARDS.has(address)) return null;
  const file = join(dataDir, FOLLOWED_FILE_NAME);
  let followed: string = DEMO_FARM_HOST.publicHost;
  try {
    followed = readFileSync(file, 'utf8').trim() || followed;
  } catch {
    // No earlier start followed a listen address.
  }
  const rows = await db.query<{ public_host: string }>(
    `UPDATE agent_hosts SET public_host = $2
      WHERE name = $1 AND public_host IN ($3, $4) RETURNING public_host`,
    [DEMO_FARM_HOST.name, address, DEMO_FARM_HOST.publicHost, followed],
  );
  if (rows.length === 0) return null;
  writeFileSync(file, `${address}\n`);
  return address;
}

/** Starts the demo agent; resolves the function that stops it. */
export async function startDemoAgent(server: RunningServer): Promise<() => Promise<void>> {
  const log = server.app.log;
  const { dataDir } = server.config;
  const pidFile = join(dataDir, PID_FILE_NAME);
  await stopStaleAgent(pidFile, log);
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
  const listenHost = process.env.AGENT_LISTEN_HOST ?? DEMO_FARM_HOST.publicHost;
  const followed = await followListenHost(server.app.db, listenHost, dataDir);
  if (followed) log.info(`the "${DEMO_FARM_HOST.name}" host's public address follows AGENT_LISTEN_HOST: ${followed}`);
  const api = new URL(server.url);
  const child = spawn(process.execPath, [AGENT_MAIN], {
    env: {
      ...process.env,
      AGENT_API_URL: `http://127.0.0.1:${api.port}`,
      AGENT_TOKEN: token,
      AGENT_LISTEN_HOST: listenHost,
      AGENT_SIMULATOR_MODEMS: String(SEED_MODEMS.length),
      AGENT_STATE_DIR: join(dataDir, 'demo-agent'),
    },
    // The IPC channel carries no messages: the agent exits when it closes, which it does when this process dies.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  writeFileSync(pidFile, `${child.pid}\n`);
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) log.error({ code, signal }, 'the demo farm agent stopped; proxies are not served until a restart');
    forgetPid(pidFile, child.pid);
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
