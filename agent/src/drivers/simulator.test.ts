import { describe, expect, it } from 'vitest';
import { SimulatorDriver, simulatorAddresses } from './simulator.ts';

describe('SimulatorDriver', () => {
  it('gives each modem its own loopback address, never 127.0.0.1', async () => {
    const driver = new SimulatorDriver({ modems: 3, network: '127.0.0.0/24', rotationMs: { min: 1, max: 1 } });
    expect(driver.keys()).toEqual(['sim-1', 'sim-2', 'sim-3']);
    const states = await Promise.all(driver.keys().map((key) => driver.status(key)));
    expect(states.map((state) => state.bindAddress)).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(states.every((state) => state.online && state.ip === state.bindAddress)).toBe(true);
  });

  it('takes the rotation time from its range, is offline meanwhile, and comes back with a different free address', async () => {
    const waits: number[] = [];
    let release: () => void = () => undefined;
    const driver = new SimulatorDriver({
      modems: 2,
      network: '127.0.0.0/29',
      rotationMs: { min: 1_000, max: 3_000 },
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise<void>((resolve) => (release = resolve));
        return true;
      },
    });
    const before = await driver.status('sim-1');
    const rotation = driver.rotate('sim-1');
    // A second request while it runs joins the same rotation.
    const joined = driver.rotate('sim-1');
    expect(await driver.status('sim-1')).toEqual({ online: false, bindAddress: null, ip: null });
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const after = await rotation;
    expect(await joined).toEqual(after);
    expect(waits).toEqual([2_000]);
    expect(after.online).toBe(true);
    expect(after.bindAddress).not.toBe(before.bindAddress);
    expect(after.bindAddress).not.toBe((await driver.status('sim-2')).bindAddress);
  });

  it('reboots for its reboot time, offline meanwhile, and comes back with a different address', async () => {
    const waits: number[] = [];
    const driver = new SimulatorDriver({
      modems: 1,
      network: '127.0.0.0/29',
      rotationMs: { min: 1, max: 1 },
      rebootMs: { min: 700, max: 700 },
      sleep: async (ms) => {
        waits.push(ms);
        return true;
      },
    });
    const before = await driver.status('sim-1');
    const after = await driver.reboot('sim-1');
    expect(waits).toEqual([700]);
    expect(after.online).toBe(true);
    expect(after.bindAddress).not.toBe(before.bindAddress);
  });

  it('refuses unknown modems and impossible networks', async () => {
    const driver = new SimulatorDriver({ modems: 1, network: '127.0.0.0/24', rotationMs: { min: 1, max: 1 } });
    await expect(driver.rotate('sim-7')).rejects.toThrow(/modem_unknown/);
    expect(() => new SimulatorDriver({ modems: 5, network: '127.0.0.0/30', rotationMs: { min: 1, max: 1 } })).toThrow();
    expect(simulatorAddresses('127.0.0.8/30')).toEqual(['127.0.0.9', '127.0.0.10']);
  });
});
