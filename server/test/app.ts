import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { assemble } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { openTestDatabase } from './databases.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Where a test's scholarly sources are unless it starts the fakes (test/fakes/scholarly-sources.ts):
 * the discard port, refused at once, so no test ever reads ORCID, Crossref or OpenAlex themselves.
 */
const NO_SOURCE = 'http://127.0.0.1:9';

/** A test server's configuration: its own data folder, a fixed secret. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-test-')),
    ORCID_API_URL: NO_SOURCE,
    CROSSREF_API_URL: NO_SOURCE,
    OPENALEX_API_URL: NO_SOURCE,
    ...env,
  });
}

/** The real app on a fresh database, called in-process with app.request(). */
export async function createTestApp(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const database = await openTestDatabase();
  const assembled = assemble(config, database, createLogger('silent'), {
    pollMs: 100,
    backoffMs: 200,
    maxBackoffMs: 1_000,
    leaseMs: 5_000,
  });
  assembled.worker?.start();
  const app = createApp(assembled.deps);
  return {
    app,
    deps: assembled.deps,
    worker: assembled.worker,
    scheduler: assembled.scheduler,
    sweeper: assembled.sweeper,
    refresher: assembled.refresher,
    db: database.db,
    request: (url: string, init?: RequestInit) => app.request(url, init),
    async close() {
      await assembled.close();
      await database.close();
    },
  };
}
