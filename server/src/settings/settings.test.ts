import { TIME_ZONE_MESSAGE } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshTenant } from '../../test/fixtures.ts';
import { auditLog } from '../db/schema-records.ts';
import { inTenant } from '../db/tenant-scope.ts';

describe("the tenant's time zone (GET and PUT /admin/settings)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts at UTC, takes an IANA name under its canonical spelling, audited', async () => {
    const a = await freshTenant(t);
    const b = await freshTenant(t);
    expect(await (await a.admin.call('GET', '/admin/settings')).json()).toEqual({
      time_zone: 'UTC',
    });
    const put = await a.admin.call('PUT', '/admin/settings', { time_zone: ' europe/berlin ' });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ time_zone: 'Europe/Berlin' });
    expect(await (await a.admin.call('GET', '/admin/settings')).json()).toEqual({
      time_zone: 'Europe/Berlin',
    });
    const audits = await inTenant(t.db, a.tenantId, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'settings.update')),
    );
    expect(audits.map((entry) => entry.summary)).toEqual([
      'Changed the time zone from UTC to Europe/Berlin',
    ]);
    // Another tenant's setting is its own.
    expect(await (await b.admin.call('GET', '/admin/settings')).json()).toEqual({
      time_zone: 'UTC',
    });
  });

  it('refuses an unknown zone with its message, and members', async () => {
    const a = await freshTenant(t);
    for (const time_zone of ['Mars/Olympus', '', 'Europe', null]) {
      const res = await a.admin.call('PUT', '/admin/settings', { time_zone });
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([
        { field: 'time_zone', error: TIME_ZONE_MESSAGE },
      ]);
    }
    const member = await a.member();
    expect((await member.client.call('GET', '/admin/settings')).status).toBe(403);
    const refused = await member.client.call('PUT', '/admin/settings', { time_zone: 'Asia/Tokyo' });
    expect(refused.status).toBe(403);
    expect(await (await a.admin.call('GET', '/admin/settings')).json()).toEqual({
      time_zone: 'UTC',
    });
  });
});
