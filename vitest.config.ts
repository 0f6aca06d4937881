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
          // A panel form test renders antd and the kit cold in a worker beside the others: past 5 s on a busy 2-core
          // runner, though it takes 1-2 s alone.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // After the unit suites, alone: a browser racing two cores' worth of hashing and PGlite turns into timeouts.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // A page of a federated site on a loaded CI machine can take seconds to settle; a poll gives it that long.
          expect: { poll: { timeout: 15_000 } },
          // One more try for a test that failed, as browser suites run in CI: on a loaded 2-core runner a click
          // can still land while a page settles (twice in ~250 e2e tests per run lately, never the same test twice
          // in a row, never reproduced alone). A test that fails twice fails the run.
          retry: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
