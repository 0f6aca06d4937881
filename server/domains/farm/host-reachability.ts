/**
 * Whether a farm host's public address answers (#49): customers' connection strings name `public_host` and a proxy
 * port, so a host whose address answers nothing (a seed's 127.0.0.1 on a real machine, a typo, a firewall) sells
 * proxies that point nowhere. The API tries a TCP connect to the address and one port its agent serves, with a short
 * timeout, when the panel lists the hosts: only staff read it, a handful of hosts are tried at once, and a refused
 * connect answers at once. Tried on the agent's reports instead, it would cost a connect every few seconds per host
 * whether anyone looks or not, inside the agent's request.
 */
import { connect } from 'node:net';
import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import type { Queryable } from '../../db/db.ts';
import { hostHeardAt } from './hosts-repository.ts';

/** A connect that has not answered by then never will, for a customer either. */
export const PROBE_TIMEOUT_MS = 1_500;

/** True once a TCP connection to `host:port` opens within `timeoutMs`; false on a refusal, an error or the timeout. */
export function answersTcp(host: string, port: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/**
 * The hosts with `reachable`: null for one with nothing to try — no proxy it serves (no port is listened on), or an
 * agent the API does not hear (its silence is its own warning, not the address's).
 */
export async function withReachability(
  q: Queryable,
  hosts: readonly AgentHostItem[],
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<AgentHostItem[]> {
  const rows = await q.query<{ host_id: number; port: number }>(
    `SELECT p.host_id, min(p.http_port)::int AS port
       FROM proxies p JOIN agent_hosts h ON h.id = p.host_id
      WHERE p.state IN ('active', 'expiring') AND h.last_seen_at IS NOT NULL AND ${hostHeardAt('h', 'now()')}
      GROUP BY p.host_id`,
  );
  const ports = new Map(rows.map((row) => [row.host_id, row.port]));
  return Promise.all(
    hosts.map(async (host) => {
      const port = ports.get(host.id);
      return { ...host, reachable: port === undefined ? null : await answersTcp(host.public_host, port, timeoutMs) };
    }),
  );
}
