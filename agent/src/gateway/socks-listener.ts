import { createServer, connect, type Socket } from 'node:net';
import { Socks5Server } from '@pondwader/socks5-server';
import { familyOf } from '../addresses.ts';
import type { Endpoint } from './endpoint.ts';
import type { Listener } from './http-listener.ts';
import type { Admission } from './targets.ts';

type Socks5Connection = Parameters<Socks5Server['connectionHandler']>[0];

/** A client gets this long from connecting to a granted CONNECT (greeting, password, request). */
const HANDSHAKE_TIMEOUT_MS = 20_000;
/** The OS would wait minutes for an unanswered SYN; a customer's tool gives up long before. */
const CONNECT_TIMEOUT_MS = 30_000;

type SocksStatus =
  'GENERAL_FAILURE' | 'NETWORK_UNREACHABLE' | 'HOST_UNREACHABLE' | 'CONNECTION_REFUSED' | 'TTL_EXPIRED';

function statusFor(error: NodeJS.ErrnoException): SocksStatus {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'CONNECTION_REFUSED';
    case 'ENETUNREACH':
      return 'NETWORK_UNREACHABLE';
    case 'ETIMEDOUT':
      return 'TTL_EXPIRED';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
      return 'HOST_UNREACHABLE';
    default:
      return 'GENERAL_FAILURE';
  }
}

/**
 * SOCKS5 on the endpoint's SOCKS port, with `@pondwader/socks5-server` for the protocol. The library decides the
 * authentication method per server object (user/password when it has an auth handler, none otherwise), while a
 * proxy accepts both: a password from anywhere, nothing from a whitelisted address. So this owns the TCP listener
 * and hands each socket to one of two protocol engines by its source address. Both end in `tunnel`, which connects
 * from the modem's address before granting the request, so a failure gets its proper SOCKS5 reply code.
 */
export async function listenSocks(endpoint: Endpoint): Promise<Listener> {
  const { host, targets } = endpoint.context;
  /** The target policy's answer per request, from the ruleset check to the connection handler. */
  const admitted = new WeakMap<Socks5Connection, Admission>();

  // The library's ruleset check runs before the connection handler, with the client's socket paused (so bytes sent
  // ahead of the reply wait), and answers a refusal with "connection not allowed by ruleset" (0x02).
  const checkTarget: Socks5Server['rulesetValidator'] = async (connection) => {
    const target = await targets.admit(connection.destAddress);
    admitted.set(connection, target);
    return !target.refused;
  };

  const tunnel: Socks5Server['connectionHandler'] = (connection, sendStatus) => {
    const socket = connection.socket as Socket;
    if (connection.command !== 'connect') return sendStatus('COMMAND_NOT_SUPPORTED');
    const bind = endpoint.bindAddress();
    if (!bind) return sendStatus('NETWORK_UNREACHABLE');
    const target = admitted.get(connection);
    if (!target || target.refused) return sendStatus('CONNECTION_NOT_ALLOWED');
    const upstream = connect({
      host: connection.destAddress,
      port: connection.destPort,
      localAddress: bind,
      family: familyOf(bind),
      lookup: target.lookup,
      noDelay: true,
    });
    let granted = false;
    upstream.setTimeout(CONNECT_TIMEOUT_MS, () =>
      upstream.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
    );
    upstream.once('connect', () => {
      granted = true;
      upstream.setTimeout(0);
      socket.setTimeout(0);
      sendStatus('REQUEST_GRANTED');
      upstream.pipe(socket);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (granted) socket.destroy();
      else if (!socket.destroyed) sendStatus(statusFor(error));
    });
    socket.once('close', () => upstream.destroy());
    // Piped at once: bytes a client sends ahead of the reply wait in the upstream socket's buffer, none are lost.
    socket.pipe(upstream);
  };

  const withPassword = new Socks5Server()
    .setRulesetValidator(checkTarget)
    .setConnectionHandler(tunnel)
    .setAuthHandler((connection) => {
      const socket = connection.socket as Socket;
      const identity = endpoint.access.admit(socket.remoteAddress, connection.username, connection.password);
      if (!identity) {
        endpoint.log.debug({ source: socket.remoteAddress, login: connection.username }, 'socks5: refused credentials');
        return false;
      }
      endpoint.authenticated(socket, identity);
      return true;
    });
  const whitelisted = new Socks5Server().setRulesetValidator(checkTarget).setConnectionHandler(tunnel);

  const server = createServer({ noDelay: true, allowHalfOpen: true }, (socket) => {
    // Errors of a customer's socket (a reset) are the end of its session, never the agent's problem.
    socket.on('error', () => socket.destroy());
    endpoint.open(socket);
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => socket.destroy());
    const identity = endpoint.access.whitelisted(socket.remoteAddress)
      ? endpoint.access.admit(socket.remoteAddress, undefined, undefined)
      : null;
    if (identity) {
      endpoint.authenticated(socket, identity);
      whitelisted._handleConnection(socket);
    } else {
      withPassword._handleConnection(socket);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(endpoint.socksPort, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => endpoint.log.error({ err: error }, 'socks5 listener error'));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
