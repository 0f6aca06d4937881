/**
 * Webhook delivery: the customer's URL checked (when saved and again, through DNS, at each delivery), the body
 * signed, one POST with a timeout, no redirects followed and at most a little of the answer read.
 *
 * Server-side request forgery: in production only `https://` to a public address: the URL's host must not be an IP
 * literal in a private, loopback, link-local, CGNAT or otherwise reserved range, and the address the connection is
 * made to is the one DNS gave and that we checked (the `lookup` below), so a name that later resolves to 127.0.0.1
 * (DNS rebinding) is refused at the connection. Outside production (`allowLocal`), `http://` and private addresses
 * are allowed, for a receiver on the developer's machine and the tests' local receiver.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** How long a delivery may take, connection to the last byte read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of the receiver's answer is read (its status is what counts). */
const MAX_RESPONSE_BYTES = 4096;
/** Why a delivery failed before it reached a receiver, whatever the cause (see `postWebhook`). */
export const NOT_CONNECTED = 'could not connect';

/** `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp signed with the body, against replays. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Not `::ffff:0:0/96`: BlockList would match every IPv4 address against it; mapped ones are checked as IPv4 above.
  // The ranges that carry an IPv4 address inside (`::a.b.c.d`, `::ffff:0:a.b.c.d`, 6to4, NAT64) are refused whole:
  // a host that routes them would reach the IPv4 address, which may be private.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is not on the public internet (private, loopback, link-local, documentation, multicast…). */
export function isReservedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (isIP(v4) === 4) return reserved.check(v4, 'ipv4');
  }
  return reserved.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlProblem = 'invalid' | 'scheme' | 'address';

/** What is wrong with a webhook URL, or null. Credentials in the URL are refused: they would end up in logs. */
export function webhookUrlProblem(raw: string, allowLocal: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password || url.hash) return 'invalid';
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) return 'scheme';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !allowLocal &&
    (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isReservedAddress(host)))
  ) {
    return 'address';
  }
  return null;
}

/** DNS as usual, then every address checked: the connection goes only to an address that passed. */
export function checkedLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = allowLocal ? addresses : addresses.filter((entry) => !isReservedAddress(entry.address));
      const first = allowed[0];
      if (!first) return callback(new Error('the host resolves to a private address'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

export interface PostOutcome {
  /** The receiver's status, null when none answered. */
  readonly status: number | null;
  /** '' on a 2xx; else why it failed, short. */
  readonly error: string;
}

/** POSTs `body` once; never throws. A 2xx is a delivery; a redirect, another status or no answer is a failure. */
export function postWebhook(
  rawUrl: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: { readonly allowLocal: boolean; readonly timeoutMs?: number },
): Promise<PostOutcome> {
  const problem = webhookUrlProblem(rawUrl, options.allowLocal);
  if (problem) return Promise.resolve({ status: null, error: `the URL is not allowed (${problem})` });
  const url = new URL(rawUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: checkedLookup(options.allowLocal),
        // One connection per delivery: a pooled socket could outlive a DNS answer we no longer trust.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            status,
            error:
              status !== null && status >= 200 && status < 300
                ? ''
                : status !== null && status >= 300 && status < 400
                  ? `redirect (${status}) not followed`
                  : `HTTP ${status}`,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // Every failure before a connection is one reason: a name that resolves only to private addresses must read as
    // one that does not resolve or where nothing listens, or the delivery log would tell a customer which internal
    // host names exist.
    let connected = false;
    request.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    const timer = setTimeout(() => {
      request.destroy(new Error('timed out'));
    }, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) =>
      finish({ status: null, error: connected ? error.message.slice(0, 200) : NOT_CONNECTED }),
    );
    request.end(body);
  });
}
