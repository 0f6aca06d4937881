import { RequestError, Server, type PrepareRequestFunction, type PrepareRequestFunctionResult } from 'proxy-chain';
import { familyOf } from '../addresses.ts';
import type { Endpoint } from './endpoint.ts';

/** The realm in `Proxy-Authenticate: Basic realm="proxy"`, which clients show when they ask for a password. */
const REALM = 'proxy';

export interface Listener {
  close(): Promise<void>;
}

/**
 * HTTP proxy (absolute-URI requests and CONNECT tunnels) on the endpoint's HTTP port, with `proxy-chain`: it parses
 * the requests, answers 407 with `Proxy-Authenticate`, forwards and tunnels; this decides who gets in and binds
 * every outgoing connection to the modem's address (`localAddress`).
 */
export async function listenHttp(endpoint: Endpoint): Promise<Listener> {
  const { host, targets } = endpoint.context;

  const prepareRequestFunction: PrepareRequestFunction = async ({ request, username, password, hostname }) => {
    const socket = request.socket;
    // No Proxy-Authorization header at all comes as two empty strings: that is "no password", not an empty one.
    const presented = username === '' && password === '' ? undefined : password;
    const identity = endpoint.access.admit(socket.remoteAddress, username, presented);
    if (!identity) {
      endpoint.log.debug({ source: socket.remoteAddress, login: username }, 'http proxy: refused credentials');
      return { requestAuthentication: true, failMsg: 'Proxy credentials required.' };
    }
    endpoint.authenticated(socket, identity);
    const bind = endpoint.bindAddress();
    if (!bind) throw new RequestError('The modem is reconnecting; try again in a few seconds.', 503);
    // Refused here, before proxy-chain connects: a lookup failing inside its CONNECT path only drops the socket.
    const target = await targets.admit(hostname);
    if (target.refused) throw new RequestError('This address is not reachable through the proxy.', 403);
    return {
      localAddress: bind,
      ipFamily: familyOf(bind),
      // proxy-chain types it as `dns.lookup` itself; it only ever passes it on as `net.connect`'s `lookup`.
      dnsLookup: target.lookup as PrepareRequestFunctionResult['dnsLookup'],
      httpAgent: endpoint.httpAgent,
    };
  };

  const server = new Server({ port: endpoint.httpPort, host, authRealm: REALM, prepareRequestFunction });
  server.server.on('connection', (socket) => endpoint.open(socket));
  // Slow-loris guard: a client gets this long to send its request line and headers.
  server.server.headersTimeout = 20_000;
  server.on('requestFailed', ({ error }: { error: Error }) => {
    endpoint.log.debug({ err: error }, 'http proxy: request failed');
  });
  await server.listen();
  return {
    close: async () => {
      // Destroying the sockets first lets close() resolve now instead of after the last keep-alive times out.
      await server.close(true);
    },
  };
}
