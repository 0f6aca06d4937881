/**
 * `npm run cluster`'s settings from the environment (starting a cluster takes minutes: not here). A second copy beside
 * the first needs its own port, folder, database and agent addresses, and a wrong value is refused, named, at once.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterSettings, FARM_HOSTS } from './cluster.ts';
import { root } from './site-process.ts';

describe('npm run cluster: settings from the environment', () => {
  it('defaults to port 8080, .data/cluster, proxymob_cluster and agents on 127.0.0.2 and 127.0.0.3', () => {
    const settings = clusterSettings({});
    expect(settings).toEqual({
      port: 8080,
      runDir: join(root, '.data', 'cluster'),
      database: 'proxymob_cluster',
      farmHosts: FARM_HOSTS,
    });
    expect(FARM_HOSTS.map(({ address, portMin, portMax }) => [address, portMin, portMax])).toEqual([
      ['127.0.0.2', 30_000, 30_999],
      ['127.0.0.3', 31_000, 31_999],
    ]);
    // Empty is unset, as in a shell's `CLUSTER_PORT= npm run cluster`.
    expect(clusterSettings({ CLUSTER_PORT: '', CLUSTER_AGENT_ADDRESSES: ' ' })).toEqual(settings);
  });

  it('takes a second copy’s port, folder, database, agent addresses and ports, none shared with the first', () => {
    const first = clusterSettings({});
    const second = clusterSettings({
      CLUSTER_PORT: '9080',
      CLUSTER_DIR: '.data/cluster-2',
      CLUSTER_DATABASE: 'proxymob_cluster_2',
      CLUSTER_AGENT_ADDRESSES: '127.0.0.4, 127.0.0.5',
      CLUSTER_AGENT_PORTS: '40000',
    });
    expect(second).toEqual({
      port: 9080,
      runDir: join(root, '.data', 'cluster-2'),
      database: 'proxymob_cluster_2',
      farmHosts: [
        { name: FARM_HOSTS[0]?.name, address: '127.0.0.4', portMin: 40_000, portMax: 40_999, network: '127.0.1.0/24' },
        { name: 'second', address: '127.0.0.5', portMin: 41_000, portMax: 41_999, network: '127.0.2.0/24' },
      ],
    });
    // HAProxy and the three API processes: four ports each, none in common.
    const ports = (port: number) => [port, port + 1, port + 2, port + 3];
    expect(ports(second.port).filter((port) => ports(first.port).includes(port))).toEqual([]);
    // Every agent listens (proxies and metrics) on its own address.
    const addresses = [...first.farmHosts, ...second.farmHosts].map((host) => host.address);
    expect(new Set(addresses).size).toBe(4);
    expect(clusterSettings({ CLUSTER_DIR: '/tmp/elsewhere' }).runDir).toBe('/tmp/elsewhere');
  });

  it('refuses what it cannot run, naming every variable that is wrong', () => {
    for (const [env, message] of [
      [{ CLUSTER_PORT: '80' }, /CLUSTER_PORT: must be a whole number from 1024 to 65532, got "80"/],
      [{ CLUSTER_PORT: '65533' }, /CLUSTER_PORT: .* got "65533"/],
      [{ CLUSTER_PORT: '8080x' }, /CLUSTER_PORT: .* got "8080x"/],
      [{ CLUSTER_AGENT_PORTS: '64000' }, /CLUSTER_AGENT_PORTS: must be a whole number from 1024 to 63536/],
      [{ CLUSTER_DATABASE: 'proxy-mob; DROP' }, /CLUSTER_DATABASE: must be a plain PostgreSQL name/],
      [{ CLUSTER_AGENT_ADDRESSES: '127.0.0.4' }, /CLUSTER_AGENT_ADDRESSES: must be two different loopback/],
      [{ CLUSTER_AGENT_ADDRESSES: '127.0.0.4,127.0.0.4' }, /CLUSTER_AGENT_ADDRESSES/],
      [{ CLUSTER_AGENT_ADDRESSES: '127.0.0.1,127.0.0.4' }, /CLUSTER_AGENT_ADDRESSES/],
      [{ CLUSTER_AGENT_ADDRESSES: '10.0.0.4,127.0.0.5' }, /CLUSTER_AGENT_ADDRESSES/],
      [{ CLUSTER_AGENT_ADDRESSES: '127.0.0.4,127.0.0.5,127.0.0.6' }, /CLUSTER_AGENT_ADDRESSES/],
    ] as const) {
      expect(() => clusterSettings(env), JSON.stringify(env)).toThrow(message);
    }
    expect(() => clusterSettings({ CLUSTER_PORT: 'x', CLUSTER_AGENT_ADDRESSES: 'localhost,127.0.0.2' })).toThrow(
      /^npm run cluster: CLUSTER_PORT: .*; CLUSTER_AGENT_ADDRESSES: /,
    );
  });
});
