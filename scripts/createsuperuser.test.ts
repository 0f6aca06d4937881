import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../server/data-dir-lock.ts';
import { openPglite } from '../server/db/pglite.ts';
import { verifyPassword } from '../server/domains/accounts/index.ts';
import { ALL_PERMISSIONS } from '../server/lib/permissions.ts';
import { createSuperuser } from './createsuperuser.ts';

const PASSWORD = 'a long admin passphrase';

describe('npm run createsuperuser', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'createsuperuser-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('explains bad arguments and rejected passwords, touching nothing', async () => {
    expect(await createSuperuser([], env)).toEqual({
      code: 2,
      output: expect.stringContaining('--email: This field is required.\n--password: This field is required.'),
    });
    expect((await createSuperuser(['--email', 'nope', '--password', PASSWORD], env)).output).toContain(
      '--email: Enter a valid email address.',
    );
    const weak = await createSuperuser(['--email', 'admin@example.com', '--password', '1234567'], env);
    expect(weak.code).toBe(2);
    expect(weak.output).toContain(
      '--password: This password is too short. It must contain at least 8 characters.\n' +
        '--password: This password is too common.\n--password: This password is entirely numeric.',
    );
    expect((await createSuperuser(['--bogus'], env)).code).toBe(2);
  });

  it('creates a verified staff superuser with every permission, then updates it', async () => {
    const created = await createSuperuser(['--email', 'Admin@Example.com', '--password', PASSWORD], env);
    expect(created).toEqual({
      code: 0,
      // Stored, and shown, in the canonical form of the address (server/lib/email-address.ts).
      output: expect.stringMatching(/^Created superuser admin@example\.com \(id 1\)/),
    });
    // Outside production staff may go without a second factor: nothing said about it.
    expect(created.output).not.toContain('Two-factor');
    const updated = await createSuperuser([`--email=admin@example.com`, `--password=${PASSWORD} 2`], {
      ...env,
      STAFF_TWO_FACTOR: 'required',
    });
    expect(updated.output).toMatch(/^Updated superuser admin@example\.com \(id 1\)/);
    expect(updated.output).toContain(
      'Two-factor authentication is required for staff (STAFF_TWO_FACTOR=required): after signing in, set up an ' +
        'authenticator app on http://localhost:8080/user#two-factor; the panel opens once it is on.',
    );

    const db = await openPglite(path.join(dataDir, 'pgdata'));
    try {
      const rows = await db.query<{
        is_superuser: boolean;
        is_staff: boolean;
        is_active: boolean;
        email_verified: boolean;
        permissions: string[];
        password_hash: string;
      }>('SELECT is_superuser, is_staff, is_active, email_verified, permissions, password_hash FROM users');
      expect(rows).toHaveLength(1);
      const [admin] = rows;
      expect(admin).toMatchObject({ is_superuser: true, is_staff: true, is_active: true, email_verified: true });
      expect(admin?.permissions).toEqual(ALL_PERMISSIONS);
      // Every section's strings, the Payments section's invoices and promo codes included.
      expect(admin?.permissions).toEqual(
        expect.arrayContaining(['pages.view_page', 'payments.change_invoice', 'payments.delete_promocode']),
      );
      expect(await verifyPassword(`${PASSWORD} 2`, admin?.password_hash as string)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('refuses while a server holds the data directory, with the lock’s message', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await createSuperuser(['--email', 'admin@example.com', '--password', PASSWORD], env);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/^Another server process \(pid \d+\) is already using the data directory/);
    } finally {
      lock.release();
    }
  });

  it('runs as the npm script and exits non-zero with a clear message', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/node'),
      ['scripts/createsuperuser.ts', '--email', 'x@example.com', '--password', 'password'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--password: This password is too common.');
  });
});
