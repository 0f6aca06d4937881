// `npm run createsuperuser -- --email admin@example.com --password '...'`: creates the first staff superuser (there
// are no default accounts, AUTH-17), or makes an existing account one with this password. Opens the database the
// way the server does (same environment: DATABASE_URL, or PGlite in DATA_DIR, refused while a server holds it).
// Exit codes: 0 done, 1 cannot open the database or bad configuration, 2 bad arguments or a rejected password.
import { parseArgs } from 'node:util';
import { isEmail } from '@proxy/contract/schemas/auth';
import { ConfigError, loadConfig, type Env } from '../server/config.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../server/data-dir-lock.ts';
import type { Db } from '../server/db/db.ts';
import {
  accountsService,
  authMessage,
  hasSecondFactor,
  hashPassword,
  passwordProblems,
} from '../server/domains/accounts/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { message } from '../server/lib/messages.ts';
import { ALL_PERMISSIONS } from '../server/lib/permissions.ts';
import { openDatabase } from '../server/server.ts';

const USAGE = 'Usage: npm run createsuperuser -- --email <address> --password <password>';

export interface CreateSuperuserResult {
  readonly code: 0 | 1 | 2;
  readonly output: string;
}

/** The command as a function of its arguments and environment, for tests; `main` prints and exits. */
export async function createSuperuser(argv: readonly string[], env: Env): Promise<CreateSuperuserResult> {
  let values: { email?: string | undefined; password?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  const problems: string[] = [];
  if (!email) problems.push('--email: This field is required.');
  else if (!isEmail(email)) problems.push(`--email: ${message('invalidEmail', 'en')}`);
  if (!password) problems.push('--password: This field is required.');
  else {
    for (const problem of passwordProblems(password, email)) problems.push(`--password: ${authMessage(problem, 'en')}`);
  }
  if (problems.length > 0) return { code: 2, output: `${problems.join('\n')}\n${USAGE}` };

  let lock: DataDirLock | undefined;
  let db: Db | undefined;
  try {
    const config = loadConfig(env);
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    db = await openDatabase(config, () => undefined);
    await migrate(db);
    const { user, created } = await accountsService(db).saveSuperuser(
      email,
      await hashPassword(password),
      ALL_PERMISSIONS,
    );
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const done = `${created ? 'Created' : 'Updated'} superuser ${user.email} (id ${user.id}) in ${where}.`;
    // STAFF_TWO_FACTOR=required (issue #48): the panel stays shut until the account has a second factor.
    const enrol =
      config.staffTwoFactor === 'required' && !(await hasSecondFactor(db, user.id))
        ? '\nTwo-factor authentication is required for staff (STAFF_TWO_FACTOR=required): after signing in, set up ' +
          `an authenticator app on ${config.publicUrl}/user#two-factor; the panel opens once it is on.`
        : '';
    return { code: 0, output: `${done}${enrol}` };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) return { code: 1, output: error.message };
    return { code: 1, output: `Could not create the superuser: ${(error as Error).message}` };
  } finally {
    await db?.close().catch(() => undefined);
    lock?.release();
  }
}

if (import.meta.main) {
  const result = await createSuperuser(process.argv.slice(2), process.env);
  (result.code === 0 ? console.log : console.error)(result.output);
  process.exit(result.code);
}
