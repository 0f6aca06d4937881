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
    });
    expect(loadSettings({ ...base, AGENT_DRIVER: 'command', AGENT_COMMAND_FILE: '/etc/agent.json' })).toMatchObject({
      driver: { kind: 'command', file: '/etc/agent.json' },
      privateTargets: 'deny',
    });
    expect(loadSettings({ ...base, AGENT_SIMULATOR_ROTATION_MS: '50' }).driver).toMatchObject({
      rotationMs: { min: 50, max: 50 },
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

  it('names every bad variable at once', () => {
    expect(() => loadSettings({ AGENT_API_URL: 'ftp://x', AGENT_TOKEN: 'short', AGENT_DRIVER: 'usb' })).toThrow(
      /AGENT_API_URL: must be an http\(s\) URL\n.*AGENT_TOKEN: must be at least 20 characters\n.*AGENT_DRIVER/,
    );
    expect(() => loadSettings({ ...base, AGENT_DRIVER: 'command' })).toThrow(/AGENT_COMMAND_FILE/);
    expect(() => loadSettings({ ...base, AGENT_SIMULATOR_NETWORK: '10.0.0.0/24' })).toThrow(/127\.0\.0\.0\/8/);
  });
});
