import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

// Names this run's PostgreSQL databases, so two runs on one server never drop each other's.
process.env.KINDLING_TEST_RUN ??= randomBytes(4).toString('hex');

/** Files that replace a module with vi.mock need a module registry of their own. */
const MOCKING = ['src/auth/reset-code-race.test.ts', 'src/auth/sign-in-work.test.ts'];

const serverProject = (name: string, env: Record<string, string>, isolated: boolean) => ({
  test: {
    name: isolated ? `${name}-isolated` : name,
    root: './server',
    environment: 'node' as const,
    include: isolated ? MOCKING : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: isolated ? [] : ['test/faults/**', ...MOCKING],
    globalSetup: ['./test/global-setup.ts'],
    // Raw reads' rows are checked against their declared shapes, on each engine (decision 0049).
    setupFiles: ['./test/row-shapes.ts'],
    env,
    // Each worker imports the server once for all its files instead of once per file: importing
    // it was most of a small file's time (52 s summed against several hundred on 66 files).
    // Every test builds its own app and database, so nothing is shared but the modules.
    isolate: isolated,
    // Generous: no test here is timed, and a CI machine shared with other work has run the
    // embedded database's setup ten times slower than a quiet one; a hang still fails.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/** Server tests run on the embedded database always, and again on PostgreSQL when one is given. */
const databases = [false, true].flatMap((isolated) => [
  serverProject('server', { KINDLING_TEST_DB: 'pglite' }, isolated),
  ...(process.env.TEST_DATABASE_URL
    ? [serverProject('server-postgres', { KINDLING_TEST_DB: 'postgres' }, isolated)]
    : []),
]);

/**
 * Fault tests start real server processes and hold outages for up to a minute: mostly waiting,
 * so they run beside the rest, once, on PostgreSQL when there is one (`npm run test:faults` alone).
 */
const faults = {
  test: {
    name: 'faults',
    root: './server',
    environment: 'node' as const,
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env: { KINDLING_TEST_DB: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  test: {
    // Server tests mostly wait on a database; more workers than the two cores keep them busy.
    maxWorkers: 4,
    projects: [
      ...databases,
      faults,
      {
        test: {
          name: 'contract',
          root: './contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['*.test.ts'],
          // Each test starts Node.js with tsx, a few seconds on a loaded machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          // Most web tests are plain functions; a file that needs a DOM says so in its first line
          // (`// @vitest-environment jsdom`), since setting up jsdom for every file took more time
          // than all the web tests together.
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
        },
      },
    ],
  },
});
