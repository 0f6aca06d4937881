import { Endpoint, type EndpointContext, type ProxyRoute } from './endpoint.ts';
import { listenHttp, type Listener } from './http-listener.ts';
import { listenSocks } from './socks-listener.ts';

interface Served {
  readonly endpoint: Endpoint;
  readonly listeners: readonly Listener[];
}

/**
 * The proxies this host serves, one HTTP and one SOCKS5 port each. `apply` takes the full list the config wants
 * and moves there by difference: new proxies get listeners, dropped ones lose theirs (and their sessions), changed
 * credentials or whitelists are swapped in place and the sessions they no longer admit are closed. A port that
 * cannot be opened (still held by something else) is retried on the next `apply`, which the agent calls
 * periodically with the same list.
 */
export class Gateway {
  private readonly served = new Map<number, Served>();
  private readonly context: EndpointContext;
  /** Applies run one at a time, in order: listeners open asynchronously and two applies must not interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(context: EndpointContext) {
    this.context = context;
    context.modems.on('change', (key) => this.modemChanged(key));
  }

  apply(routes: readonly ProxyRoute[]): Promise<void> {
    const next = this.queue.then(() => this.applyNow(routes));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** How many proxies have open listeners (the rest of the config's are waiting for a port). */
  get size(): number {
    return this.served.size;
  }

  sessions(proxyId: number): number {
    return this.served.get(proxyId)?.endpoint.sessionCount ?? 0;
  }

  /** Stops accepting, closes every session; the agent is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await Promise.all([...this.served.keys()].map((id) => this.stop(id, 'shutdown')));
  }

  private async applyNow(routes: readonly ProxyRoute[]): Promise<void> {
    if (this.closed) return;
    const wanted = new Map(routes.map((route) => [route.id, route]));
    for (const [id, { endpoint }] of this.served) {
      const route = wanted.get(id);
      if (!route) await this.stop(id, 'no longer served');
      else if (route.httpPort !== endpoint.httpPort || route.socksPort !== endpoint.socksPort) {
        await this.stop(id, 'ports changed');
      }
    }
    for (const route of routes) {
      const current = this.served.get(route.id);
      if (current) this.update(current.endpoint, route);
      else await this.start(route);
    }
  }

  private update(endpoint: Endpoint, route: ProxyRoute): void {
    if (route.modemKey !== endpoint.modemKey) {
      endpoint.modemKey = route.modemKey;
      const closed = endpoint.dropAll();
      endpoint.log.info({ modem: route.modemKey, closed }, 'proxy moved to another modem');
    }
    if (route.access.key !== endpoint.access.key) {
      endpoint.access = route.access;
      const closed = endpoint.revoke();
      endpoint.log.info({ closed }, 'proxy access changed');
    }
  }

  private async start(route: ProxyRoute): Promise<void> {
    const endpoint = new Endpoint(route, this.context);
    const listeners: Listener[] = [];
    try {
      listeners.push(await listenHttp(endpoint));
      listeners.push(await listenSocks(endpoint));
    } catch (error) {
      await Promise.all(listeners.map((listener) => listener.close()));
      endpoint.httpAgent.destroy();
      endpoint.log.error(
        { err: error, http_port: route.httpPort, socks_port: route.socksPort },
        'proxy ports could not be opened; retrying',
      );
      return;
    }
    this.served.set(route.id, { endpoint, listeners });
    endpoint.log.info(
      { http_port: route.httpPort, socks_port: route.socksPort, modem: route.modemKey },
      'proxy serving',
    );
  }

  private async stop(id: number, reason: string): Promise<void> {
    const served = this.served.get(id);
    if (!served) return;
    this.served.delete(id);
    const closed = served.endpoint.dropAll();
    await Promise.all(served.listeners.map((listener) => listener.close()));
    served.endpoint.httpAgent.destroy();
    served.endpoint.log.info({ reason, closed }, 'proxy stopped');
  }

  private modemChanged(key: string): void {
    for (const { endpoint } of this.served.values()) {
      if (endpoint.modemKey !== key) continue;
      const closed = endpoint.dropAll();
      if (closed > 0) endpoint.log.info({ modem: key, closed }, 'modem address changed; sessions closed');
    }
  }
}
