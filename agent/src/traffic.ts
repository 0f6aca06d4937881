import type { Socket } from 'node:net';
import type { TrafficBucket } from '@proxy/contract/schemas/farm-agent';

const MINUTE = 60_000;

interface Metered {
  readonly proxyId: number;
  readonly total: Total;
  read: number;
  written: number;
}

interface Bucket {
  readonly proxyId: number;
  readonly minute: number;
  bytesIn: number;
  bytesOut: number;
}

/** Every byte a proxy carried through one modem since the start (the metrics: `agent_proxy_bytes_total`). */
export interface Total {
  readonly proxyId: number;
  readonly modemKey: string;
  bytesIn: number;
  bytesOut: number;
}

export interface TrafficMeterOptions {
  /** Unsent buckets kept while the API is unreachable; past it the oldest are dropped (and counted in the log). */
  readonly maxBuckets?: number;
  readonly now?: () => number;
}

/**
 * Per-proxy bytes in minute buckets, read from the customer-side sockets' own counters (`bytesRead`,
 * `bytesWritten`), so HTTP, CONNECT tunnels and SOCKS5 are counted the same way and nothing sits in the data path.
 * A sample adds each socket's bytes since the previous sample to the minute the sample is taken in; the agent
 * samples every few seconds and when a socket closes, so a byte lands in its minute give or take one sample period.
 */
export class TrafficMeter {
  private readonly sockets = new Map<Socket, Metered>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly totals = new Map<string, Total>();
  private readonly maxBuckets: number;
  private readonly now: () => number;
  /** Buckets dropped because the API was away too long; the agent logs it once per report. */
  dropped = 0;
  private changes = 0;

  constructor(options: TrafficMeterOptions = {}) {
    // 24 h of minutes for 35 busy proxies, or 1 h for 800: ~100 bytes each, a few megabytes at most.
    this.maxBuckets = options.maxBuckets ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts this socket for the proxy from now on, including what it already carried (the handshake). A session's
   * modem never changes: a modem's new address closes the sessions bound to the old one.
   */
  track(proxyId: number, socket: Socket, modemKey: string): void {
    if (this.sockets.has(socket)) return;
    const key = `${proxyId}@${modemKey}`;
    let total = this.totals.get(key);
    if (!total) {
      total = { proxyId, modemKey, bytesIn: 0, bytesOut: 0 };
      this.totals.set(key, total);
    }
    this.sockets.set(socket, { proxyId, total, read: 0, written: 0 });
    socket.once('close', () => {
      this.sampleSocket(socket, this.minuteNow());
      this.sockets.delete(socket);
    });
  }

  /** Moves on with every change to the unsent buckets: the agent saves them (`TrafficStore`) when it moved. */
  get revision(): number {
    return this.changes;
  }

  sample(): void {
    const minute = this.minuteNow();
    for (const socket of this.sockets.keys()) this.sampleSocket(socket, minute);
  }

  /** Bytes per proxy and modem since the start, as of the last sample. */
  allTotals(): Iterable<Readonly<Total>> {
    return this.totals.values();
  }

  /**
   * Buckets the API has not taken for good, oldest first, at most `limit`: the finished minutes, and with `current`
   * the running one as it stands too (a stopping agent's last report; the first after a restart found saved ones).
   */
  unsent(limit: number, options: { readonly current: boolean }): TrafficBucket[] {
    const current = this.minuteNow();
    const out: TrafficBucket[] = [];
    // A Map iterates in insertion order, and a bucket is inserted when its minute is first sampled: oldest first.
    for (const bucket of this.buckets.values()) {
      if (out.length >= limit) break;
      if (bucket.minute >= current && !options.current) continue;
      out.push({
        proxy_id: bucket.proxyId,
        minute: new Date(bucket.minute).toISOString(),
        bytes_in: bucket.bytesIn,
        bytes_out: bucket.bytesOut,
      });
    }
    return out;
  }

  /**
   * Forgets the buckets the API stored whose minute is over and which have not grown since they were read: those never
   * change again. The running minute, sent as it stood, is kept: it goes on growing, also across a restart (`restore`),
   * and its final value replaces the one sent (the API stores a bucket by proxy and minute, replacing).
   */
  acknowledge(buckets: readonly TrafficBucket[]): void {
    const current = this.minuteNow();
    for (const sent of buckets) {
      const key = keyOf(sent.proxy_id, Date.parse(sent.minute));
      const bucket = this.buckets.get(key);
      if (!bucket || bucket.minute >= current) continue;
      if (bucket.bytesIn !== sent.bytes_in || bucket.bytesOut !== sent.bytes_out) continue;
      this.buckets.delete(key);
      this.changes++;
    }
  }

  /** Takes back buckets saved before a restart; bytes counted since in the same minute add to them. */
  restore(buckets: readonly TrafficBucket[]): void {
    for (const saved of buckets) {
      const bucket = this.bucket(saved.proxy_id, Date.parse(saved.minute));
      bucket.bytesIn += saved.bytes_in;
      bucket.bytesOut += saved.bytes_out;
    }
  }

  private minuteNow(): number {
    const now = this.now();
    return now - (now % MINUTE);
  }

  private sampleSocket(socket: Socket, minute: number): void {
    const metered = this.sockets.get(socket);
    if (!metered) return;
    const read = socket.bytesRead;
    const written = socket.bytesWritten;
    const bytesIn = read - metered.read;
    const bytesOut = written - metered.written;
    if (bytesIn <= 0 && bytesOut <= 0) return;
    metered.read = read;
    metered.written = written;
    const bucket = this.bucket(metered.proxyId, minute);
    bucket.bytesIn += Math.max(0, bytesIn);
    bucket.bytesOut += Math.max(0, bytesOut);
    metered.total.bytesIn += Math.max(0, bytesIn);
    metered.total.bytesOut += Math.max(0, bytesOut);
  }

  /** The bucket of `proxyId` and `minute`, made when missing; any change to buckets goes through here or a delete. */
  private bucket(proxyId: number, minute: number): Bucket {
    this.changes++;
    const key = keyOf(proxyId, minute);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { proxyId, minute, bytesIn: 0, bytesOut: 0 };
      this.buckets.set(key, bucket);
      this.evictOverflow();
    }
    return bucket;
  }

  private evictOverflow(): void {
    while (this.buckets.size > this.maxBuckets) {
      const oldest = this.buckets.keys().next();
      if (oldest.done) return;
      this.buckets.delete(oldest.value);
      this.dropped++;
    }
  }
}

const keyOf = (proxyId: number, minute: number) => `${proxyId}@${minute}`;
