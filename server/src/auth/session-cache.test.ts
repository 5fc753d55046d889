import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminUrl, testDatabaseKind } from '../../test/databases.ts';
import { callerOf, freshTenant } from '../../test/fixtures.ts';
import { queryRows } from '../db/client.ts';
import { type FoundSession, SessionCache } from './session-cache.ts';

const found = (expiresAt: Date): FoundSession => ({
  sessionId: 1,
  tenantId: 1,
  userId: 1,
  subject: 'member',
  permissions: [],
  remember: false,
  issuedAt: new Date(0),
  expiresAt,
  mfaSetupRequired: false,
  lastSeenAt: new Date(0),
});

describe('the session cache', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const later = at(3_600_000);

  it('answers a kept session for a second, and then looks it up again', () => {
    const cache = new SessionCache(() => 0);
    cache.keep('hash', found(later), cache.before(), at(0));
    expect(cache.get('hash', at(999))).toBeDefined();
    expect(cache.get('hash', at(1_000))).toBeUndefined();
    expect(cache.get('other', at(0))).toBeUndefined();
  });

  it('forgets every session when this process commits a write', () => {
    let writes = 0;
    const cache = new SessionCache(() => writes);
    cache.keep('hash', found(later), cache.before(), at(0));
    writes++;
    expect(cache.get('hash', at(1))).toBeUndefined();
  });

  it('keeps nothing a write was committed across', () => {
    let writes = 0;
    const cache = new SessionCache(() => writes);
    const before = cache.before();
    writes++;
    cache.keep('hash', found(later), before, at(0));
    expect(cache.get('hash', at(1))).toBeUndefined();
  });

  it('never answers a session past its expiry', () => {
    const cache = new SessionCache(() => 0);
    cache.keep('hash', found(at(500)), cache.before(), at(0));
    expect(cache.get('hash', at(499))).toBeDefined();
    expect(cache.get('hash', at(500))).toBeUndefined();
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('sessions kept by a PostgreSQL server', () => {
  let t: TestApp;
  const call = callerOf(() => t);
  /** A connection of its own, as another server process has: its writes are not this process's. */
  let elsewhere: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    const [db] = await queryRows(
      t.db,
      sql`select current_database() as name`,
      z.strictObject({ name: z.string() }),
    );
    elsewhere = new pg.Client({
      connectionString: adminUrl(process.env.TEST_DATABASE_URL ?? '', db?.name ?? ''),
    });
    await elsewhere.connect();
  });
  afterAll(async () => {
    await elsewhere.end();
    await t.close();
  });

  const status = async (cookie: string) => (await call('GET', '/auth/session', cookie)).status;

  it('ends a session revoked by a write of this process at once', async () => {
    const tenant = await freshTenant(t);
    const { client } = await tenant.member();
    expect(await status(client.cookie)).toBe(200);
    await t.db.execute(
      sql`update sessions set revoked_at = now() where tenant_id = ${tenant.tenantId}`,
    );
    expect(await status(client.cookie)).toBe(401);
  });

  it('ends a session revoked by another process within a second', async () => {
    const realNow = t.deps.now;
    const start = Date.now();
    t.deps.now = () => new Date(start);
    try {
      const tenant = await freshTenant(t);
      const { client } = await tenant.member();
      expect(await status(client.cookie)).toBe(200);
      await elsewhere.query('update sessions set revoked_at = now() where tenant_id = $1', [
        tenant.tenantId,
      ]);
      expect(await status(client.cookie)).toBe(200);
      t.deps.now = () => new Date(start + 1_000);
      expect(await status(client.cookie)).toBe(401);
    } finally {
      t.deps.now = realNow;
    }
  });
});
