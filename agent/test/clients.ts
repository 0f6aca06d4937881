import { once } from 'node:events';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { SocksClient } from 'socks';

/**
 * Real HTTP and SOCKS5 clients, the way a customer's tools talk to a proxy: absolute-URI requests and CONNECT with
 * `Proxy-Authorization: Basic`, and SOCKS5 with username/password (the `socks` client library).
 */
export interface Credentials {
  readonly login: string;
  readonly password: string;
}

export interface ProxyAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const basic = (credentials?: Credentials): Record<string, string> =>
  credentials
    ? {
        'proxy-authorization': `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64')}`,
      }
    : {};

/**
 * `GET target` through the HTTP proxy at 127.0.0.1:port (what `curl -x http://login:pass@host:port` does). With
 * `timeoutMs`, a proxy that takes the connection and never answers (a stopped process) fails instead of hanging.
 */
export async function getThroughProxy(
  port: number,
  target: string,
  options: { credentials?: Credentials; localAddress?: string; timeoutMs?: number } = {},
): Promise<ProxyAnswer> {
  const req = request({
    host: '127.0.0.1',
    port,
    path: target,
    headers: { host: new URL(target).host, ...basic(options.credentials) },
    localAddress: options.localAddress,
    agent: false,
    timeout: options.timeoutMs,
  });
  req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
  req.end();
  const [response] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() };
}

/** Opens a CONNECT tunnel; resolves the tunnel's socket on 200, or the refusal's status. */
export async function connectTunnel(
  port: number,
  target: string,
  options: { credentials?: Credentials; localAddress?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; socket: Socket | null }> {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'CONNECT',
    path: target,
    headers: basic(options.credentials),
    localAddress: options.localAddress,
    agent: false,
  });
  req.end();
  return new Promise((resolve, reject) => {
    req.once('connect', (response, socket) => {
      if (response.statusCode === 200) resolve({ status: 200, headers: response.headers, socket });
      else {
        socket.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, socket: null });
      }
    });
    // Refusals (407) come as ordinary responses on some paths.
    req.once('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, socket: null });
    });
    req.once('error', reject);
  });
}

/**
 * Opens a SOCKS5 CONNECT to targetPort on `host` (127.0.0.1 unless given; a name is sent for the proxy to resolve, as
 * `socks5h://` does); rejects on an authentication failure or a refused request.
 */
export async function socksConnect(
  port: number,
  targetPort: number,
  options: { credentials?: Credentials; localAddress?: string; host?: string } = {},
): Promise<Socket> {
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: '127.0.0.1',
      port,
      type: 5,
      userId: options.credentials?.login,
      password: options.credentials?.password,
    },
    destination: { host: options.host ?? '127.0.0.1', port: targetPort },
    command: 'connect',
    timeout: 5_000,
    // The library fills in host and port itself; the type wants them anyway.
    ...(options.localAddress
      ? { socket_options: { localAddress: options.localAddress, host: '127.0.0.1', port } }
      : {}),
  });
  return socket;
}

/** A GET over an already open tunnel (CONNECT or SOCKS5): the echo server's answer, parsed. */
export async function getOverTunnel(socket: Socket, host: string): Promise<{ source: string }> {
  const req = request({ host, path: '/', createConnection: () => socket, headers: { connection: 'keep-alive' } });
  req.end();
  const [response] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as { source: string };
}

/** Resolves when the socket closes, or rejects after `ms`. */
export async function closedWithin(socket: Socket, ms: number): Promise<number> {
  const started = Date.now();
  if (socket.destroyed || socket.closed) return 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    // A tunnel closed by the proxy ends with FIN or RST; both count as closed, neither as a test error.
    socket.on('error', () => undefined);
    socket.resume();
  });
  return Date.now() - started;
}

/** Polls `check` until it returns a value (not undefined/false), or fails after `ms` (generous: CI runs this beside the rest of the suite on two cores). */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000) {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < ms) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`condition not met within ${ms} ms${last ? `: ${String(last)}` : ''}`);
}
