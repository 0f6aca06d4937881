import { Agent as HttpAgent } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Identity, ProxyAccess } from '../access.ts';
import type { Modems } from '../modems.ts';
import type { TrafficMeter } from '../traffic.ts';
import type { TargetPolicy } from './targets.ts';

/** What the gateway serves for one proxy: built from the API's config by the agent. */
export interface ProxyRoute {
  readonly id: number;
  readonly modemKey: string;
  readonly httpPort: number;
  readonly socksPort: number;
  readonly access: ProxyAccess;
}

export interface EndpointContext {
  readonly host: string;
  readonly modems: Modems;
  readonly meter: TrafficMeter;
  readonly targets: TargetPolicy;
  readonly log: Logger;
}

/**
 * One proxy's state shared by its HTTP and SOCKS5 listeners: the current access rule and modem (replaced in place
 * when the config changes) and every customer socket, with the identity it authenticated as (null until then).
 */
export class Endpoint {
  readonly id: number;
  readonly httpPort: number;
  readonly socksPort: number;
  modemKey: string;
  access: ProxyAccess;
  readonly context: EndpointContext;
  readonly log: Logger;
  /**
   * Plain-HTTP requests reuse connections to targets per proxy (keep-alive), and only per proxy: two customers of a
   * shared modem never share a connection. The pool's key includes the bind address, so a rotation starts afresh.
   */
  readonly httpAgent = new HttpAgent({ keepAlive: true, maxFreeSockets: 16, timeout: 30_000 });
  private readonly sessions = new Map<Socket, Identity | null>();

  constructor(route: ProxyRoute, context: EndpointContext) {
    this.id = route.id;
    this.httpPort = route.httpPort;
    this.socksPort = route.socksPort;
    this.modemKey = route.modemKey;
    this.access = route.access;
    this.context = context;
    this.log = context.log.child({ proxy: route.id });
  }

  /** The modem's address now; null while it is offline or rotating (new connections are refused meanwhile). */
  bindAddress(): string | null {
    return this.context.modems.view(this.modemKey)?.bindAddress ?? null;
  }

  /** A customer socket arrived on one of the listeners. */
  open(socket: Socket): void {
    this.sessions.set(socket, null);
    socket.once('close', () => this.sessions.delete(socket));
  }

  /** The socket proved `identity`: it is counted from now on and closed once the identity no longer holds. */
  authenticated(socket: Socket, identity: Identity): void {
    if (socket.destroyed) return;
    this.sessions.set(socket, identity);
    this.context.meter.track(this.id, socket, this.modemKey);
  }

  /** Closes the sessions whose identity the current access rule no longer accepts; returns how many. */
  revoke(): number {
    let closed = 0;
    for (const [socket, identity] of this.sessions) {
      if (identity && !this.access.holds(identity)) {
        socket.destroy();
        closed++;
      }
    }
    return closed;
  }

  /** Closes every session (the modem changed under them, or the proxy is going away). */
  dropAll(): number {
    const count = this.sessions.size;
    for (const socket of this.sessions.keys()) socket.destroy();
    this.sessions.clear();
    return count;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }
}
