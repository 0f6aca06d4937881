import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time: vitest's default leaves one of a 2-core runner's cores to itself, and the unit and
    // component files (PGlite, jsdom) each keep one core busy. The end-to-end files still run one by one (below).
    maxWorkers: 2,
    // The run ends with its time by project and the slowest files (the budget is in README, "Tests").
    reporters: ['default', './scripts/project-times.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'agent/**/*.test.ts',
            'scripts/**/*.test.ts',
            'build/**/*.test.ts',
          ],
          environment: 'node',
          // The seeded database every API test copies, made once per run.
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'components',
          sequence: { groupOrder: 0 },
          include: [
            'shell/**/*.test.{ts,tsx}',
            'remotes/**/*.test.{ts,tsx}',
            'panel-kit/**/*.test.{ts,tsx}',
            'site-kit/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['site-kit/src/test/settle.ts'],
          // A panel form test renders antd and the kit cold in a worker beside the others: past 5 s on a busy 2-core
          // runner, though it takes 1-2 s alone.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // After the unit suites: a browser racing two cores' worth of hashing and PGlite turns into timeouts.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // A page of a federated site on a loaded CI machine can take seconds to settle; a poll gives it that long.
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time: a browser file spends most of its time waiting on its site and its page (about half a
          // core busy), and every file has a site, a browser and, on PostgreSQL, a database of its own. No retries: a
          // test that fails once is a bug to fix.
          maxWorkers: 2,
        },
      },
    ],
  },
});
