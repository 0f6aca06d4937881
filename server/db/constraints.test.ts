// Repositories translate the constraints they name into refusals (lib/constraints.ts). Two guarantees, on PGlite and
// PostgreSQL:
// - every name a repository maps exists in the migrated schema: a migration renaming a constraint fails here, instead
//   of silently turning a refusal into a 500 (the last test shows what the rename would otherwise do);
// - violating each mapped constraint through its repository — past the checks the services make first — gives the
//   refusal, never the database's error.
import { randomBytes, randomUUID } from 'node:crypto';
import type { BlockInput } from '@proxy/contract/schemas/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../app.ts'; // every domain, so every repository has named its constraints
import { mappedConstraints } from '../lib/constraints.ts';
import { Refusal, type RefusalKind } from '../lib/refusal.ts';
import { usersRepository } from '../domains/accounts/users-repository.ts';
import { ACCOUNT_REFUSALS } from '../domains/accounts/refusals.ts';
import { invoicesRepository } from '../domains/billing/invoices-repository.ts';
import { ledgerRepository } from '../domains/billing/ledger-repository.ts';
import { paymentMethodsRepository, type MethodRow } from '../domains/billing/payment-methods-repository.ts';
import { promoCodesRepository } from '../domains/billing/promo-codes-repository.ts';
import { BILLING_REFUSALS } from '../domains/billing/refusals.ts';
import { blocksRepository } from '../domains/content/blocks-repository.ts';
import { pagesRepository } from '../domains/content/pages-repository.ts';
import { CONTENT_REFUSALS } from '../domains/content/refusals.ts';
import { farmService } from '../domains/farm/farm-service.ts';
import { hostsRepository } from '../domains/farm/hosts-repository.ts';
import { modemsRepository } from '../domains/farm/modems-repository.ts';
import { proxiesRepository } from '../domains/farm/proxies-repository.ts';
import { FARM_REFUSALS } from '../domains/farm/refusals.ts';
import { TRANSFER_REFUSALS } from '../domains/transfers/refusals.ts';
import { transfersRepository } from '../domains/transfers/transfers-repository.ts';
import { VERSION_REFUSALS } from '../domains/versions/refusals.ts';
import { versionFilesRepository } from '../domains/versions/version-files-repository.ts';
import { versionsRepository, type VersionWrite } from '../domains/versions/versions-repository.ts';
import { createUser, freshEmail } from '../test/accounts.ts';
import { BACKENDS, openSeededDb, type TestDb } from '../test/helpers.ts';
import { createFarm, freshPlace } from '../test/orders.ts';
import type { Db } from './db.ts';

/** The constraints and unique indexes of the current schema, by name. */
async function schemaNames(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.conname AS name FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = current_schema()
     UNION
     SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  return new Set(rows.map((row) => row.name));
}

const missingFrom = (names: Set<string>) => mappedConstraints().filter((name) => !names.has(name));

const unique = () => randomBytes(4).toString('hex');

const PAGE = {
  title_ru: 'Страница',
  title_en: '',
  body_ru: '',
  body_en: '',
  seo_title_ru: '',
  seo_title_en: '',
  seo_description_ru: '',
  seo_description_en: '',
  published: true,
  menu: null,
  sort_order: 0,
};

const METHOD: Omit<MethodRow, 'code'> = {
  name_ru: 'Перевод',
  name_en: '',
  icon: null,
  kind: 'fiat',
  provider: 'manual',
  settings: { address: 'x', server_url: '', store_id: '' },
  secrets: {},
  min_amount: 0,
  max_amount: null,
  fee_basis_points: 0,
  asset: null,
  asset_decimals: 0,
  rate_source: 'staff',
  rate_url: '',
  rate_path: '',
  rate_max_age_minutes: 1440,
  instructions_ru: '',
  instructions_en: '',
  active: true,
};

const RELEASE: Omit<VersionWrite, 'file_id' | 'version_code'> = {
  platform: 'android',
  channel: 'beta',
  version_name: '1.0',
  external_url: null,
  changelog_ru: '',
  changelog_en: '',
  released_at: '2030-01-01',
  published: false,
  forced: false,
};

describe.each(BACKENDS)('constraints repositories map on $name', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openSeededDb(backend);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('names only constraints the migrated schema has', async () => {
    expect(mappedConstraints().length).toBeGreaterThan(10);
    expect(missingFrom(await schemaNames(testDb.db))).toEqual([]);
  });

  /** Each mapped constraint, violated through the repository that names it, and the refusal that must come back. */
  const VIOLATIONS: Readonly<
    Record<string, readonly (readonly [RefusalKind<never[]>, (db: Db) => Promise<unknown>])[]>
  > = {
    pages_slug_key: [
      [
        CONTENT_REFUSALS.slugTaken,
        async (db) => {
          const slug = `taken-${unique()}`;
          await pagesRepository(db).create({ ...PAGE, slug });
          return pagesRepository(db).create({ ...PAGE, slug });
        },
      ],
    ],
    page_blocks_page_id_anchor_key: [
      [
        CONTENT_REFUSALS.anchorTaken,
        async (db) => {
          const page = await pagesRepository(db).create({ ...PAGE, slug: `blocks-${unique()}` });
          const block: BlockInput = {
            type: 'richtext',
            anchor: 'intro',
            published: true,
            data_ru: { html: '' },
            data_en: null,
          };
          await blocksRepository(db).create(page.id, block);
          return blocksRepository(db).create(page.id, block);
        },
      ],
    ],
    users_email_lower_key: [
      [
        ACCOUNT_REFUSALS.emailTaken,
        async (db) => {
          const first = await createUser(db, { email: freshEmail('first') });
          const second = await createUser(db, { email: freshEmail('second') });
          return usersRepository(db).setEmail(second.id, first.email.toUpperCase());
        },
      ],
    ],
    users_balance_not_negative: [
      [
        BILLING_REFUSALS.insufficientFunds,
        async (db) => {
          const user = await createUser(db, { email: freshEmail('poor') });
          return ledgerRepository(db).post({ userId: user.id, kind: 'purchase', amount: -1, currency: 'RUB' });
        },
      ],
    ],
    payment_methods_code_key: [
      [
        BILLING_REFUSALS.methodCodeTaken,
        async (db) => {
          const code = `m_${unique()}`;
          await paymentMethodsRepository(db).create({ ...METHOD, code });
          return paymentMethodsRepository(db).create({ ...METHOD, code });
        },
      ],
    ],
    payment_methods_amount_range: [
      [
        BILLING_REFUSALS.maxBelowMin,
        async (db) => {
          const methodId = await paymentMethodsRepository(db).create({ ...METHOD, code: `m_${unique()}` });
          return paymentMethodsRepository(db).update(methodId, { min_amount: 50_000, max_amount: 10_000 });
        },
      ],
    ],
    invoices_method_id_fkey: [
      [
        BILLING_REFUSALS.methodHasInvoices,
        async (db) => {
          const methodId = await paymentMethodsRepository(db).create({ ...METHOD, code: `m_${unique()}` });
          const user = await createUser(db, { email: freshEmail('payer') });
          await invoicesRepository(db).create({
            userId: user.id,
            methodId,
            provider: 'manual',
            amount: 1000,
            fee: 0,
            currency: 'RUB',
            payAddress: '',
            idempotencyKey: null,
            ttlMinutes: 60,
          });
          return paymentMethodsRepository(db).delete(methodId);
        },
      ],
    ],
    promo_codes_code_key: [
      [
        BILLING_REFUSALS.promoCodeTaken,
        async (db) => {
          const promo = { code: `P${unique()}`.toUpperCase(), kind: 'fixed', value: 100 } as const;
          const input = { ...promo, valid_from: null, valid_until: null, max_uses: null, once_per_customer: true };
          await promoCodesRepository(db).create({ ...input, active: true });
          return promoCodesRepository(db).create({ ...input, active: true });
        },
      ],
    ],
    promo_code_uses_promo_code_id_fkey: [
      [
        BILLING_REFUSALS.promoHasUses,
        async (db) => {
          const code = `U${unique()}`.toUpperCase();
          const promo = await promoCodesRepository(db).create({
            code,
            kind: 'fixed',
            value: 100,
            valid_from: null,
            valid_until: null,
            max_uses: null,
            once_per_customer: true,
            active: true,
          });
          const user = await createUser(db, { email: freshEmail('promo') });
          await db.transaction((tx) => promoCodesRepository(tx).redeem(code, user.id, 'order:1'));
          return promoCodesRepository(db).delete(promo.id);
        },
      ],
    ],
    agent_hosts_name_key: [
      [
        FARM_REFUSALS.hostNameTaken,
        async (db) => {
          const host = { name: `host-${unique()}`, publicHost: 'h.example.com', portMin: 20_000, portMax: 20_999 };
          await hostsRepository(db).insert({ ...host, tokenHash: 'a'.repeat(64) });
          return hostsRepository(db).insert({ ...host, tokenHash: 'b'.repeat(64) });
        },
      ],
    ],
    modems_host_id_key_key: [
      [
        FARM_REFUSALS.modemKeyTaken,
        async (db) => {
          const { hostId } = await createFarm(db, freshPlace(), { online: 1 });
          // createFarm names its modems sim-0, sim-1…
          return modemsRepository(db).insert({ hostId, name: 'Twin', key: 'sim-0', ...freshPlace() });
        },
      ],
    ],
    modems_host_id_fkey: [
      [
        FARM_REFUSALS.unknownHost,
        (db) => modemsRepository(db).insert({ hostId: 2_000_000_000, name: 'Lost', key: 'lost', ...freshPlace() }),
      ],
      [
        FARM_REFUSALS.hostHasModems,
        async (db) => {
          const { hostId } = await createFarm(db, freshPlace(), { online: 1 });
          return hostsRepository(db).delete(hostId);
        },
      ],
    ],
    proxies_modem_id_host_id_fkey: [
      [
        FARM_REFUSALS.modemHasProxies,
        async (db) => {
          const { modemIds } = await createFarm(db, freshPlace(), { online: 1 });
          const owner = await createUser(db, { email: freshEmail('owner') });
          const modemId = modemIds[0] as number;
          await farmService(db).createProxy({
            ownerId: owner.id,
            modemId,
            expiresAt: new Date(Date.now() + 86_400_000),
          });
          return modemsRepository(db).delete(modemId);
        },
      ],
    ],
    proxies_login_key: [
      [
        FARM_REFUSALS.loginTaken,
        async (db) => {
          const { modemIds } = await createFarm(db, freshPlace(), { online: 2 });
          const owner = await createUser(db, { email: freshEmail('logins') });
          const expiresAt = new Date(Date.now() + 86_400_000);
          const [first, second] = await Promise.all(
            modemIds.map((modemId) => farmService(db).createProxy({ ownerId: owner.id, modemId, expiresAt })),
          );
          return proxiesRepository(db).setLogin((second as { id: number }).id, (first as { login: string }).login);
        },
      ],
    ],
    transfers_one_pending: [
      [
        TRANSFER_REFUSALS.pending,
        async (db) => {
          const { modemIds } = await createFarm(db, freshPlace(), { online: 1 });
          const owner = await createUser(db, { email: freshEmail('sender') });
          const proxy = await farmService(db).createProxy({
            ownerId: owner.id,
            modemId: modemIds[0] as number,
            expiresAt: new Date(Date.now() + 86_400_000),
          });
          const offer = {
            proxyId: proxy.id,
            senderId: owner.id,
            recipientId: null,
            recipientEmail: 'nobody@example.com',
            note: '',
            country: 'DE',
            city: 'Berlin',
            operator: 'Telekom',
            createdAt: new Date(),
            expiresAt: new Date(Date.now() + 86_400_000),
          };
          await transfersRepository(db).insert(offer);
          return transfersRepository(db).insert(offer);
        },
      ],
    ],
    versions_file_id_key: [
      [
        VERSION_REFUSALS.fileUsed,
        async (db) => {
          const file = await versionFilesRepository(db).insert(
            { name: 'app.apk', stored_name: randomUUID(), size: 1, sha256: 'c'.repeat(64) },
            null,
          );
          const code = 1 + Math.floor(Math.random() * 1_000_000);
          await versionsRepository(db).create({ ...RELEASE, version_code: code, file_id: file.id });
          return versionsRepository(db).create({ ...RELEASE, version_code: code + 1, file_id: file.id });
        },
      ],
    ],
    versions_file_id_fkey: [
      [
        VERSION_REFUSALS.unknownFile,
        (db) => versionsRepository(db).create({ ...RELEASE, version_code: 2_000_000_000, file_id: 2_000_000_000 }),
      ],
    ],
  };

  it('has a violation below for every mapped constraint', () => {
    expect(Object.keys(VIOLATIONS).sort()).toEqual(mappedConstraints());
  });

  it.each(
    Object.entries(VIOLATIONS).flatMap(([name, cases]) => cases.map(([kind, violate]) => ({ name, kind, violate }))),
  )('$name is refused as $kind.code', async ({ kind, violate }) => {
    const error = await violate(testDb.db).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).code).toBe(kind.code);
    // The database's error stays with it, for the log.
    expect(((error as Refusal).cause as { code?: string }).code).toMatch(/^23/);
  });

  it('a renamed constraint is caught here: its refusal would otherwise be the database’s error, a 500', async () => {
    const renamed = await openSeededDb(backend);
    try {
      await renamed.db.exec('ALTER TABLE pages RENAME CONSTRAINT pages_slug_key TO pages_slug_unique');
      expect(missingFrom(await schemaNames(renamed.db))).toEqual(['pages_slug_key']);
      const slug = `renamed-${unique()}`;
      await pagesRepository(renamed.db).create({ ...PAGE, slug });
      const error = await pagesRepository(renamed.db)
        .create({ ...PAGE, slug })
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(error).not.toBeInstanceOf(Refusal);
      expect(error).toMatchObject({ code: '23505', constraint: 'pages_slug_unique' });
    } finally {
      await renamed.dispose();
    }
  });
});
