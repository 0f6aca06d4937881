import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.ts';

const base = { AGENT_API_URL: 'https://api.example.com', AGENT_TOKEN: 'x'.repeat(32) };

describe('loadSettings', () => {
  it('defaults to the simulator, listening everywhere, private targets allowed only for it', () => {
    expect(loadSettings(base)).toMatchObject({
      listenHost: '0.0.0.0',
      driver: { kind: 'simulator', modems: 4, network: '127.0.0.0/24', rotationMs: { min: 1000, max: 3000 } },
      privateTargets: 'allow',
      reportIntervalMs: 10_000,
      checkIntervalMs: 300_000,
    });
    expect(loadSettings({ ...base, AGENT_CHECK_SECONDS: '30' }).checkIntervalMs).toBe(30_000);
    expect(loadSettings({ ...base, AGENT_DRIVER: 'command', AGENT_COMMAND_FILE: '/etc/agent.json' })).toMatchObject({
      driver: { kind: 'command', file: '/etc/agent.json' },
      privateTargets: 'deny',
    });
    expect(loadSettings({ ...base, AGENT_SIMULATOR_ROTATION_MS: '50' }).driver).toMatchObject({
      rotationMs: { min: 50, max: 50 },
      rebootMs: { min: 5_000, max: 10_000 },
    });
    expect(loadSettings({ ...base, AGENT_SIMULATOR_REBOOT_MS: '200-300' }).driver).toMatchObject({
      rebootMs: { min: 200, max: 300 },
    });
  });

  it('keeps customers off private targets with every driver but the simulator, unless told otherwise', () => {
    const command = { ...base, AGENT_DRIVER: 'command', AGENT_COMMAND_FILE: '/etc/agent.json' };
    expect(loadSettings(command).privateTargets).toBe('deny');
    expect(loadSettings({ ...command, AGENT_PRIVATE_TARGETS: 'allow' }).privateTargets).toBe('allow');
    expect(loadSettings({ ...base, AGENT_PRIVATE_TARGETS: 'deny' }).privateTargets).toBe('deny');
  });

  it('keeps the saved config in the user’s state directory unless AGENT_STATE_DIR says where', () => {
    expect(loadSettings(base).stateDir).toBe(path.join(homedir(), '.local/state/farm-agent'));
    expect(loadSettings({ ...base, AGENT_STATE_DIR: '/var/lib/farm-agent' }).stateDir).toBe('/var/lib/farm-agent');
    expect(loadSettings({ ...base, AGENT_STATE_DIR: 'state' }).stateDir).toBe(path.resolve('state'));
  });

  it('serves metrics only where AGENT_METRICS_LISTEN says, with the token when one is set', () => {
    expect(loadSettings(base).metrics).toBeUndefined();
    expect(loadSettings({ ...base, AGENT_METRICS_LISTEN: '127.0.0.1:9464' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(
      loadSettings({ ...base, AGENT_METRICS_LISTEN: '[::1]:9464', AGENT_METRICS_TOKEN: 't'.repeat(20) }).metrics,
    ).toEqual({ host: '::1', port: 9464, token: 't'.repeat(20) });
    expect(() => loadSettings({ ...base, AGENT_METRICS_LISTEN: '9464' })).toThrow(
      /AGENT_METRICS_LISTEN: must be host:port/,
    );
    expect(() => loadSettings({ ...base, AGENT_METRICS_LISTEN: 'localhost:70000' })).toThrow(/AGENT_METRICS_LISTEN/);
    expect(() => loadSettings({ ...base, AGENT_METRICS_TOKEN: 'short' })).toThrow(/AGENT_METRICS_TOKEN/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadSettings({ AGENT_API_URL: 'ftp://x', AGENT_TOKEN: 'short', AGENT_DRIVER: 'usb' })).toThrow(
      /AGENT_API_URL: must be an http\(s\) URL\n.*AGENT_TOKEN: must be at least 20 characters\n.*AGENT_DRIVER/,
    );
    expect(() => loadSettings({ ...base, AGENT_DRIVER: 'command' })).toThrow(/AGENT_COMMAND_FILE/);
    expect(() => loadSettings({ ...base, AGENT_SIMULATOR_NETWORK: '10.0.0.0/24' })).toThrow(/127\.0\.0\.0\/8/);
  });
});
