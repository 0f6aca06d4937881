import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AgentConfigSchema,
  AgentReportSchema,
  ConfigQuerySchema,
  RotationResultSchema,
  RotationsAnswerSchema,
  type AgentConfig,
} from './farm-agent.ts';
import { isIpOrCidr } from '../ip-ranges.ts';

const config: AgentConfig = {
  version: '42',
  modems: [{ id: 1, name: 'MTS 1', key: 'usb0', ip: '100.91.3.17' }],
  proxies: [
    {
      id: 7,
      modem_id: 1,
      http_port: 20001,
      socks_port: 30001,
      login: 'u7',
      password: 'Kx8pQ2vN',
      whitelist: ['203.0.113.0/24', '2001:db8::1'],
      state: 'active',
    },
  ],
  rotations: [{ id: 3, modem_id: 1, kind: 'reboot', requested_at: '2026-11-24T10:00:00.000Z' }],
};

const issues = (schema: v.GenericSchema, value: unknown) =>
  (v.safeParse(schema, value).issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ''}:${issue.message}`);

describe('isIpOrCidr', () => {
  it.each(['203.0.113.5', '203.0.113.0/24', '0.0.0.0/0', '::1', '2001:db8::/32', '::ffff:1.2.3.4'])(
    'accepts %s',
    (value) => expect(isIpOrCidr(value)).toBe(true),
  );
  it.each([
    '203.0.113.256',
    '203.0.113.0/33',
    '2001:db8::/129',
    '1.2.3.4/',
    '1.2.3.4/8/8',
    'example.com',
    '01.2.3.4',
    // Node's BlockList throws on a leading zero in the embedded IPv4, and has no use for an interface's zone.
    '::ffff:01.2.3.4',
    'fe80::1%eth0',
    '1::2::3',
    '',
  ])('refuses %j', (value) => expect(isIpOrCidr(value)).toBe(false));
});

describe('AgentConfigSchema', () => {
  it('reads a rotation request without a kind (an API older than reboots) as a rotation', () => {
    const older = { ...config, rotations: [{ id: 3, modem_id: 1, requested_at: '2026-11-24T10:00:00.000Z' }] };
    expect(v.parse(AgentConfigSchema, older).rotations).toEqual([{ ...older.rotations[0], kind: 'rotate' }]);
    const unknown = { ...config, rotations: [{ ...older.rotations[0], kind: 'explode' }] };
    expect(issues(AgentConfigSchema, unknown)).toHaveLength(1);
  });

  it('accepts a config', () => {
    expect(issues(AgentConfigSchema, config)).toEqual([]);
  });

  it('refuses a port served twice, a proxy on an unknown modem, bad logins and whitelists', () => {
    const proxy = config.proxies[0];
    if (!proxy) throw new Error('fixture');
    const twice = { ...config, proxies: [proxy, { ...proxy, id: 8, socks_port: 30002 }] };
    expect(issues(AgentConfigSchema, twice)).toEqual([':duplicate_port']);
    // A port may be reused by a proxy that is not served any more.
    const released = { ...config, proxies: [proxy, { ...proxy, id: 8, state: 'expired' }] };
    expect(issues(AgentConfigSchema, released)).toEqual([]);
    expect(issues(AgentConfigSchema, { ...config, proxies: [{ ...proxy, modem_id: 2 }] })).toEqual([':unknown_modem']);
    const bad = { ...proxy, login: 'a:b', whitelist: ['10.0.0.0/40'], http_port: 0 };
    expect(issues(AgentConfigSchema, { ...config, proxies: [bad] }).map((issue) => issue.split(':')[0])).toEqual([
      'proxies.0.http_port',
      'proxies.0.login',
      'proxies.0.whitelist.0',
    ]);
    const many = { ...proxy, whitelist: Array.from({ length: 11 }, (_, n) => `10.0.0.${n}`) };
    expect(issues(AgentConfigSchema, { ...config, proxies: [many] })).toHaveLength(1);
  });

  it('passes a too wide or reserved whitelist entry on to the agent, which drops it, instead of refusing the config', () => {
    const proxy = config.proxies[0];
    if (!proxy) throw new Error('fixture');
    const open = { ...proxy, whitelist: ['0.0.0.0/0', '::/0', '127.0.0.1', '203.0.113.7'] };
    expect(issues(AgentConfigSchema, { ...config, proxies: [open] })).toEqual([]);
  });
});

describe('ConfigQuerySchema', () => {
  it('reads since and wait, and caps the wait', () => {
    expect(v.parse(ConfigQuerySchema, { since: '42', wait: '25' })).toEqual({ since: '42', wait: 25 });
    expect(v.safeParse(ConfigQuerySchema, { wait: '26' }).success).toBe(false);
  });

  it('reads the protocol an agent speaks and its rotations version (#42)', () => {
    expect(v.parse(ConfigQuerySchema, { since: '42', rotations: '7', protocol: '2' })).toEqual({
      since: '42',
      rotations: '7',
      protocol: 2,
    });
    expect(v.safeParse(ConfigQuerySchema, { protocol: 'two' }).success).toBe(false);
  });
});

describe('RotationsAnswerSchema', () => {
  it('carries the pending rotations and their version; a config is not one', () => {
    const answer = {
      kind: 'rotations',
      rotations_version: '8',
      rotations: [{ id: 5, modem_id: 1, requested_at: '2026-01-01T00:00:00.000Z' }],
    };
    expect(v.parse(RotationsAnswerSchema, answer).rotations).toEqual([{ ...answer.rotations[0], kind: 'rotate' }]);
    expect(v.safeParse(RotationsAnswerSchema, config).success).toBe(false);
    expect(v.parse(AgentConfigSchema, { ...config, rotations_version: '8' }).rotations_version).toBe('8');
  });
});

describe('AgentReportSchema and RotationResultSchema', () => {
  it('accept what an agent sends and refuse partial minutes and negative bytes', () => {
    const report = {
      config_version: '42',
      started_at: '2026-11-24T09:00:00.000Z',
      modems: [
        { key: 'usb0', modem_id: 1, status: 'online', ip: '100.91.3.17', checked_at: '2026-11-24T10:00:01.000Z' },
      ],
      traffic: [{ proxy_id: 7, minute: '2026-11-24T09:59:00.000Z', bytes_in: 120, bytes_out: 99_000 }],
    };
    expect(issues(AgentReportSchema, report)).toEqual([]);
    const wrong = {
      ...report,
      traffic: [{ proxy_id: 7, minute: '2026-11-24T09:59:30.000Z', bytes_in: -1, bytes_out: 0 }],
    };
    expect(issues(AgentReportSchema, wrong).map((issue) => issue.split(':')[0])).toEqual([
      'traffic.0.minute',
      'traffic.0.bytes_in',
    ]);
  });

  it('know a done rotation from a failed one', () => {
    const done = {
      status: 'done',
      ip: '100.91.3.18',
      previous_ip: '100.91.3.17',
      finished_at: '2026-11-24T10:00:03.000Z',
    };
    expect(issues(RotationResultSchema, done)).toEqual([]);
    expect(issues(RotationResultSchema, { ...done, ip: null })).not.toEqual([]);
    expect(issues(RotationResultSchema, { status: 'failed', error: 'timeout', finished_at: done.finished_at })).toEqual(
      [],
    );
  });
});
