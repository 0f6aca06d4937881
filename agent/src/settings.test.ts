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

  it('names every bad variable at once', () => {
    expect(() => loadSettings({ AGENT_API_URL: 'ftp://x', AGENT_TOKEN: 'short', AGENT_DRIVER: 'usb' })).toThrow(
      /AGENT_API_URL: must be an http\(s\) URL\n.*AGENT_TOKEN: must be at least 20 characters\n.*AGENT_DRIVER/,
    );
    expect(() => loadSettings({ ...base, AGENT_DRIVER: 'command' })).toThrow(/AGENT_COMMAND_FILE/);
    expect(() => loadSettings({ ...base, AGENT_SIMULATOR_NETWORK: '10.0.0.0/24' })).toThrow(/127\.0\.0\.0\/8/);
  });
});
