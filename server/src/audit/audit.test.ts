import { auditAnswer } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  signInCookie,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { csvCell, csvRow } from './csv.ts';
import { recordAudit } from './record.ts';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvRow(['a', null, 1])).toBe('a,,1\r\n');
  });
});

describe('the audit log', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let betaAdmin: string;
  let member: string;
  let memberId: number;

  const get = (path: string, cookie: string) =>
    t.request(`/api/v1${path}`, { headers: { cookie } });
  const page = async (query: string, cookie = admin) => {
    const res = await get(`/admin/audit?${query}`, cookie);
    expect(res.status, query).toBe(200);
    return auditAnswer.parse(await res.json());
  };
  const write = (tenantId: number, entry: Partial<Parameters<typeof recordAudit>[1]>) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await recordAudit(tx, {
        tenantId,
        actorId: null,
        action: 'test.entry',
        summary: 'A test entry',
        ...entry,
      });
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    const row = await makeUser(t.db, alpha.tenantId, { email: 'member@alpha.edu' });
    memberId = row.id;
    await giveAccount(t.db, alpha.tenantId, row.id);
    member = await signInCookie(t.request, alpha.tenantId, row.email);
  });
  afterAll(() => t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    for (const path of ['/admin/audit', '/admin/audit.csv']) {
      expect((await get(path, member)).status, path).toBe(403);
      expect((await t.request(`/api/v1${path}`)).status, path).toBe(401);
    }
  });

  it('lists administrative changes newest first, filtered by action, actor, days and text', async () => {
    await t.request(
      `/api/v1/admin/users/${memberId}/disabled`,
      jsonInit('PUT', { disabled: true }, admin),
    );
    await t.request(
      `/api/v1/admin/users/${memberId}/disabled`,
      jsonInit('PUT', { disabled: false }, admin),
    );
    await write(alpha.tenantId, { summary: 'Something 100% odd_ly written' });

    const all = await page('page_size=100');
    expect(all.entries.map((e) => e.action).slice(0, 3)).toEqual([
      'test.entry',
      'member.enable',
      'member.disable',
    ]);
    expect(all.actions).toEqual(expect.arrayContaining(['member.disable', 'test.entry']));
    expect(all.entries[1]).toMatchObject({
      actor_email: `admin@${alpha.domain}`,
      target_type: 'user',
      target_id: memberId,
    });

    const disables = await page('action=member.disable');
    expect(disables.entries.map((e) => e.action)).toEqual(['member.disable']);
    expect((await page('actor=system')).entries.every((e) => e.actor_id === null)).toBe(true);
    expect((await page(`actor=ADMIN%40${alpha.domain}`)).entries.length).toBe(2);
    expect((await page('actor=nobody')).total_count).toBe(0);
    expect((await page('q=100%25%20ODD_LY')).entries.map((e) => e.action)).toEqual(['test.entry']);
    expect((await page('q=100%25%20oddly')).total_count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=${today}&to=${today}`)).total_count).toBe(all.total_count);
    expect((await page('to=2000-01-01')).total_count).toBe(0);
    expect((await page('page_size=1&page=2')).entries[0]?.action).toBe('member.enable');
    expect((await get('/admin/audit?page=999', admin)).status).toBe(404);

    const reversed = await get('/admin/audit?from=2026-02-02&to=2026-02-01', admin);
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).details).toEqual([
      { field: 'to', error: 'from must not be after to.' },
    ]);
    expect((await get('/admin/audit?from=yesterday', admin)).status).toBe(400);
    expect((await get('/admin/audit?q=a%00b&actor=%00', admin)).status).toBe(400);
    for (const bad of ['2026-13-45', '2026-02-30', '0000-01-01', '9999-12-31', '2026-1-1']) {
      expect((await get(`/admin/audit?from=${bad}`, admin)).status, bad).toBe(400);
      expect((await get(`/admin/audit.csv?to=${bad}`, admin)).status, bad).toBe(400);
    }
    expect((await get('/admin/audit?from=2024-02-29&to=2099-12-31', admin)).status).toBe(200);
  });

  it('exports the filtered log as streamed CSV, read in batches past the first thousand', async () => {
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      for (let i = 0; i < 1205; i++) {
        await recordAudit(tx, {
          tenantId: alpha.tenantId,
          actorId: null,
          action: 'bulk.entry',
          summary: `Bulk entry ${i}, "quoted"`,
        });
      }
    });
    await write(alpha.tenantId, { action: 'formula.entry', summary: '=cmd|"/c calc"!A1' });

    const res = await get('/admin/audit.csv?action=bulk.entry', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_email,action,target_type,target_id,summary');
    expect(lines).toHaveLength(1206);
    expect(lines[1]).toMatch(
      /^\d+,\d{4}-\d\d-\d\dT[^,]+,,bulk\.entry,,,"Bulk entry 1204, ""quoted"""$/,
    );
    expect(lines.at(-1)).toContain('"Bulk entry 0, ""quoted"""');
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(new Set(ids).size).toBe(1205);

    const formula = await (await get('/admin/audit.csv?action=formula.entry', admin)).text();
    expect(formula).toContain(`"'=cmd|""/c calc""!A1"`);
    expect((await get('/admin/audit.csv?to=x', admin)).status).toBe(400);
  });

  it('notes one sign-in failure burst per address, not one entry per failure', async () => {
    const victim = await makeUser(t.db, alpha.tenantId, { email: 'burst@alpha.edu' });
    await giveAccount(t.db, alpha.tenantId, victim.id);
    const attempt = (password: string) =>
      t.request(
        '/api/v1/auth/sign-in',
        jsonInit('POST', { email: victim.email, password, tenant_id: alpha.tenantId }),
      );
    for (let i = 0; i < 9; i++) await attempt(`Wrong!${i}aaa`);
    expect((await page('action=signin.burst')).total_count).toBe(0);
    await attempt('Wrong!9aaa');
    for (let i = 0; i < 3; i++) expect((await attempt(TEST_PASSWORD)).status).toBe(429);
    const bursts = await page('action=signin.burst');
    expect(bursts.total_count).toBe(1);
    expect(bursts.entries[0]).toMatchObject({ actor_id: null, actor_email: null });
    expect(bursts.entries[0]?.summary).toContain('10 failed sign-ins for burst@alpha.edu from');
  });

  it('an administrator of another tenant sees none of these entries', async () => {
    const seen = await page('page_size=100', betaAdmin);
    expect(seen.entries.some((e) => e.target_id === memberId || e.action === 'bulk.entry')).toBe(
      false,
    );
    const csv = await (await get('/admin/audit.csv', betaAdmin)).text();
    expect(csv).not.toContain('bulk.entry');
    expect(csv).not.toContain('burst@alpha.edu');
  });
});
