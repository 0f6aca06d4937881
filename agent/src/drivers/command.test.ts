import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandDriver, loadCommandFile, parseStatus } from './command.ts';

/** The driver's pause between status reads while a modem reconnects, shortened from 1 s. */
const fastSleep = async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return true;
};

describe('parseStatus', () => {
  it.each([
    ['10.64.12.7\n', { online: true, bindAddress: '10.64.12.7', ip: '10.64.12.7' }],
    ['192.168.8.100\n100.91.3.17\n', { online: true, bindAddress: '192.168.8.100', ip: '100.91.3.17' }],
    ['  \n', { online: false, bindAddress: null, ip: null }],
    ['no address here\n', { online: false, bindAddress: null, ip: null }],
  ])('%j', (stdout, state) => expect(parseStatus(stdout)).toEqual(state));
});

describe('CommandDriver', () => {
  // A modem whose address lives in a file: `rotate` writes a new one, `status` prints it.
  const dir = mkdtempSync(join(tmpdir(), 'agent-command-'));
  const state = join(dir, 'usb0.ip');
  writeFileSync(state, '127.0.0.20\n');
  const driver = new CommandDriver(
    {
      modems: [
        {
          key: 'usb0',
          status: `cat ${state}`,
          rotate: `echo 127.0.0.21 > ${state}`,
          reboot: `echo 127.0.0.22 > ${state}`,
          timeout_seconds: 5,
          reboot_timeout_seconds: 5,
        },
        {
          key: 'usb1',
          status: 'exit 3',
          rotate: 'echo "no carrier" >&2; exit 1',
          timeout_seconds: 5,
          reboot_timeout_seconds: 5,
        },
        { key: 'usb2', status: 'echo "$MODEM_KEY"', rotate: 'true', timeout_seconds: 1, reboot_timeout_seconds: 1 },
      ],
    },
    { sleep: fastSleep },
  );

  it('reads status from the status command', async () => {
    expect(await driver.status('usb0')).toEqual({ online: true, bindAddress: '127.0.0.20', ip: '127.0.0.20' });
    expect((await driver.status('usb1')).online).toBe(false);
  });

  it('rotates with the rotate command and reads the new address', async () => {
    expect(await driver.rotate('usb0')).toMatchObject({ online: true, bindAddress: '127.0.0.21' });
  });

  it('reboots with the reboot command and reads the new address; a modem without one refuses', async () => {
    expect(await driver.reboot('usb0')).toMatchObject({ online: true, bindAddress: '127.0.0.22' });
    await expect(driver.reboot('usb1')).rejects.toThrow(/reboot_unsupported/);
  });

  it('reports a failing rotate command with its last error line, and a modem that never comes back', async () => {
    await expect(driver.rotate('usb1')).rejects.toThrow(/exit 1: no carrier/);
    await expect(driver.rotate('usb2')).rejects.toThrow(/timeout/);
    await expect(driver.rotate('usb9')).rejects.toThrow(/modem_unknown/);
  });

  it('loads and checks its file', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ modems: [{ key: 'usb0', status: 'true', rotate: 'true' }] }));
    expect((await loadCommandFile(good)).modems[0]).toMatchObject({ timeout_seconds: 90, reboot_timeout_seconds: 180 });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ modems: [{ key: 'bad key!', status: '', rotate: 'true' }] }));
    await expect(loadCommandFile(bad)).rejects.toThrow(/modems\.0\.key.*modems\.0\.status/);
  });
});
