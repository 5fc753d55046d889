import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import type { Deps } from '../src/context.ts';
import { createApp } from '../src/http/app.ts';
import { createLogger } from '../src/logger.ts';
import { openTestDatabase } from './databases.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a fresh database, called in-process with app.request(). */
export async function createTestApp(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kindling-test-')),
    ...env,
  });
  const database = await openTestDatabase();
  const deps: Deps = { config, database, logger: createLogger('silent'), now: () => new Date() };
  const app = createApp(deps);
  return {
    app,
    deps,
    db: database.db,
    request: (url: string, init?: RequestInit) => app.request(url, init),
    close: () => database.close(),
  };
}
