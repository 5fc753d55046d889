import {
  type ImportResult,
  importAnswer,
  importColumns,
  importPreviewAnswer,
  profileAnswer,
} from '@kindling/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  makeSchool,
  makeTenant,
  makeUser,
  signInCookie,
} from '../../test/factories.ts';
import { mailsTo } from '../../test/mail.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { IMPORT_BATCH } from './service.ts';

const header = 'first_name,last_name,email,role,school,department,headline,education,publications';
const csvOf = (...rows: string[]) => [header, ...rows].join('\n');
const person = (n: number, extra = '') =>
  `Person,Number${String.fromCharCode(65 + (n % 26))},p${n}@alpha.edu,Student${extra}`;

describe('bulk onboarding', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: string;
  let betaAdmin: string;
  let member: string;

  const upload = (path: string, cookie: string, body: BodyInit, type = 'text/csv') =>
    t.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body,
    });
  const preview = async (cookie: string, csv: string) => {
    const res = await upload('/admin/imports/preview', cookie, csv);
    expect(res.status, await res.clone().text()).toBe(200);
    return importPreviewAnswer.parse(await res.json());
  };
  const runImport = async (cookie: string, csv: BodyInit, query = '') => {
    const res = await upload(`/admin/imports${query}`, cookie, csv);
    expect(res.status, await res.clone().text()).toBe(200);
    return importAnswer.parse(await res.json());
  };
  const inAlpha = <T>(work: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => T) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      return work(tx);
    });
  const personByEmail = (email: string) =>
    inAlpha(async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, alpha.tenantId), eq(users.email, email)));
      return row;
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    admin = await signInCookie(t.request, alpha.tenantId, `admin@${alpha.domain}`);
    betaAdmin = await signInCookie(t.request, beta.tenantId, `admin@${beta.domain}`);
    const someone = await makeUser(t.db, alpha.tenantId, { roleId: 2 });
    await giveAccount(t.db, alpha.tenantId, someone.id);
    member = await signInCookie(t.request, alpha.tenantId, someone.email);
    const engineering = await makeSchool(t.db, alpha.tenantId, 'School of Engineering');
    const closed = await makeSchool(t.db, alpha.tenantId, 'Old College');
    await inAlpha(async (tx) => {
      await tx.insert(departments).values([
        { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Robotics' },
        { tenantId: alpha.tenantId, schoolId: engineering.id, name: 'Optics', isActive: false },
      ]);
      await tx.update(schools).set({ isActive: false }).where(eq(schools.id, closed.id));
    });
  });
  afterAll(() => t.close());

  it('is 403 without the admin permission and 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/admin/imports/template.csv'],
      ['POST', '/admin/imports/preview'],
      ['POST', '/admin/imports'],
    ] as const) {
      const init = (cookie?: string): RequestInit => ({
        method,
        headers: { 'content-type': 'text/csv', ...(cookie ? { cookie } : {}) },
        ...(method === 'POST' ? { body: csvOf(person(1)) } : {}),
      });
      expect((await t.request(`/api/v1${path}`, init(member))).status, path).toBe(403);
      expect((await t.request(`/api/v1${path}`, init())).status, path).toBe(401);
    }
  });

  it('serves a template whose example rows preview cleanly', async () => {
    const res = await t.request('/api/v1/admin/imports/template.csv', {
      headers: { cookie: admin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(importColumns.join(','));
    const answer = await preview(admin, text);
    expect(answer).toMatchObject({ rows: 2, new: 2, update: 0, error: 0, errors: [] });
    expect(answer.sample.map((s) => s.role)).toEqual(['Faculty', 'Student']);
  });

  it('previews per-row errors with the row numbers a spreadsheet shows, writing nothing', async () => {
    const csv = csvOf(
      person(1, ',School of Engineering,Robotics,Engineer'),
      'X,Valid,bad-email,Nobody',
      'Ann,Other,ann@alpha.edu,Astronaut',
      'Bob,Other,bob@alpha.edu,Student,Nowhere',
      'Cy,Other,cy@alpha.edu,Student,Old College',
      'Di,Other,di@alpha.edu,Student,School of Engineering,Optics',
      'Ed,Other,ed@alpha.edu,Student,,Robotics',
      'Fay,Other,fay@alpha.edu,Student,,,,not json',
      'Gus,Other,gus@alpha.edu,Student,,,,"[{""degree"":""BSc""}]"',
      'Hal,Other,P1@alpha.edu,2',
      'Ivy,Other,ivy@alpha.edu,Student,,,,,,extra',
      'Jo,Other,jo@alpha.edu,Student,,,Head\u0000line',
    );
    const answer = await preview(admin, csv);
    expect(answer).toMatchObject({ rows: 12, new: 1, update: 0, error: 11 });
    const byRow = Object.fromEntries(answer.errors.map((e) => [e.row, e.details]));
    expect(byRow[3]).toEqual([
      { field: 'first_name', error: expect.any(String) },
      { field: 'email', error: 'Please enter a valid email address.' },
      { field: 'role', error: expect.stringContaining("There is no role 'Nobody'") },
    ]);
    expect(byRow[4]?.[0]).toEqual({
      field: 'role',
      error:
        "There is no role 'Astronaut'; the roles are Student, Faculty, Staff, Industry partner.",
    });
    expect(byRow[5]?.[0]?.field).toBe('school');
    expect(byRow[6]?.[0]?.error).toBe("The school 'Old College' is deactivated.");
    expect(byRow[7]?.[0]?.error).toBe("The department 'Optics' is deactivated.");
    expect(byRow[8]?.[0]?.error).toBe('Name the school of the department too.');
    expect(byRow[9]?.[0]).toEqual({
      field: 'education',
      error: 'Education must be a JSON list, such as [{…}].',
    });
    expect(byRow[10]?.[0]).toEqual({
      field: 'education',
      error: 'Entry 1: Institution is required',
    });
    expect(byRow[11]?.[0]).toEqual({ field: 'email', error: 'This e-mail is already on row 2.' });
    expect(byRow[12]?.[0]?.field).toBe('row');
    expect(byRow[13]).toEqual([{ field: 'headline', error: 'headline must be plain text.' }]);
    expect(answer.sample).toEqual([
      {
        row: 2,
        action: 'new',
        first_name: 'Person',
        last_name: 'NumberB',
        email: 'p1@alpha.edu',
        role: 'Student',
        school: 'School of Engineering',
        department: 'Robotics',
      },
    ]);
    expect(await personByEmail('p1@alpha.edu')).toBeUndefined();
  });

  it('imports approved, unclaimed profiles; mails only on request; re-importing updates', async () => {
    const publications = JSON.stringify([{ title: 'On bees', year: 2001, citations: 7 }]).replace(
      /"/g,
      '""',
    );
    const csv = csvOf(
      `Mia,Stone,Mia.Stone@alpha.edu,faculty,School of Engineering,Robotics,Lecturer,,"${publications}"`,
      'Noe,Park,noe@alpha.edu,Student',
    );
    const first = await runImport(admin, csv, '?mail=true&file_name=people.csv');
    expect(first).toMatchObject({ rows: 2, created: 2, updated: 0, failed: 0, mailed: 2 });
    const mia = await personByEmail('mia.stone@alpha.edu');
    expect(mia).toMatchObject({
      firstName: 'Mia',
      roleId: 2,
      adminStatusId: 2,
      userStatusId: 1,
      headline: 'Lecturer',
      permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
      publications: [{ title: 'On bees', authors: '', year: 2001, citations: 7 }],
    });
    expect(await mailsTo(t.db, alpha.tenantId, 'mia.stone@alpha.edu')).toHaveLength(1);

    // The same file again: the same people, updated, and no second mail.
    const again = await runImport(admin, csv, '?mail=true');
    expect(again).toMatchObject({ rows: 2, created: 0, updated: 2, mailed: 0 });
    expect(await mailsTo(t.db, alpha.tenantId, 'mia.stone@alpha.edu')).toHaveLength(1);
    const count = await inAlpha((tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(${users.email}) = 'mia.stone@alpha.edu'`),
    );
    expect(count[0]?.n).toBe(1);

    // A thinner file keeps what its empty cells do not say.
    await runImport(admin, csvOf('Mia,Stone-Lee,mia.stone@alpha.edu,Faculty'));
    expect(await personByEmail('mia.stone@alpha.edu')).toMatchObject({
      lastName: 'Stone-Lee',
      headline: 'Lecturer',
      schoolId: mia?.schoolId,
      publications: [{ title: 'On bees', authors: '', year: 2001, citations: 7 }],
    });

    const profile = profileAnswer.shape.profile.parse(
      await (await t.request(`/api/v1/profiles/${mia?.id}`, { headers: { cookie: admin } })).json(),
    );
    expect(profile.total_citations).toBe(7);
    expect(profile.school_name).toBe('School of Engineering');

    // A filled list cell replaces the section; naming a school without a department clears it.
    await runImport(
      admin,
      csvOf(
        'Mia,Stone-Lee,mia.stone@alpha.edu,Faculty,school of engineering,,,,"[{""title"":""Wasps""}]"',
      ),
    );
    expect(await personByEmail('mia.stone@alpha.edu')).toMatchObject({
      headline: 'Lecturer',
      schoolId: mia?.schoolId,
      departmentId: null,
      publications: [{ title: 'Wasps', authors: '', year: null, citations: null }],
    });

    const entries = await inAlpha((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, alpha.tenantId), eq(auditLog.action, 'member.import')))
        .orderBy(asc(auditLog.id)),
    );
    expect(entries).toHaveLength(4);
    expect(entries[0]?.summary).toBe(
      'Imported 2 rows from people.csv: 2 created, 0 updated, 0 not imported; claim links mailed to 2',
    );
    expect(entries[0]?.detail).toMatchObject({
      kind: 'summary',
      created_ids: [expect.any(Number), expect.any(Number)],
    });
  });

  it('writes large files in batches, one audit entry each plus the summary', async () => {
    const rows = Array.from(
      { length: IMPORT_BATCH * 2 + 10 },
      (_, i) => `Bulk,Person,bulk${i}@alpha.edu,Staff`,
    );
    const result = await runImport(admin, csvOf(...rows), '?file_name=bulk.csv');
    expect(result).toMatchObject({ rows: rows.length, created: rows.length, failed: 0, mailed: 0 });
    const entries = await inAlpha((tx) =>
      tx
        .select({ summary: auditLog.summary, detail: auditLog.detail })
        .from(auditLog)
        .where(
          sql`${auditLog.detail}->>'file_name' = 'bulk.csv' or ${auditLog.summary} like '%bulk.csv (batch%'`,
        )
        .orderBy(asc(auditLog.id)),
    );
    expect(entries.map((e) => e.summary)).toEqual([
      `Imported rows 2–${IMPORT_BATCH + 1} from bulk.csv (batch 1): ${IMPORT_BATCH} created, 0 updated`,
      `Imported rows ${IMPORT_BATCH + 2}–${IMPORT_BATCH * 2 + 1} from bulk.csv (batch 2): ${IMPORT_BATCH} created, 0 updated`,
      `Imported ${rows.length} rows from bulk.csv: ${rows.length} created, 0 updated, 0 not imported`,
    ]);
  });

  it('reports a batch the database refuses and keeps the batches before it', async () => {
    const temporary = await makeSchool(t.db, alpha.tenantId, 'Temporary School');
    const plain = Array.from(
      { length: IMPORT_BATCH * 2 + 1 },
      (_, i) => `Kept,Person,kept${i}@alpha.edu,Staff`,
    );
    const doomed = Array.from(
      { length: 20 },
      (_, i) => `Lost,Person,lost${i}@alpha.edu,Staff,Temporary School`,
    );
    // The database refuses the last batch as it would had the school gone after the file was
    // checked against it, as a concurrent change could: with a foreign-key violation.
    await t.db.execute(
      sql.raw(`create function refuse_temporary() returns trigger language plpgsql as $$
        begin
          if new.school_id = ${temporary.id} then raise foreign_key_violation; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_temporary before insert on users
        for each row execute function refuse_temporary()`),
    );
    let result: ImportResult;
    try {
      result = await runImport(admin, csvOf(...plain, ...doomed));
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_temporary on users'));
      await t.db.execute(sql.raw('drop function refuse_temporary'));
    }
    expect(result).toMatchObject({
      rows: IMPORT_BATCH * 2 + 21,
      created: IMPORT_BATCH * 2,
      failed: 21,
    });
    expect(result.errors[0]?.details[0]?.error).toContain(
      `Rows ${IMPORT_BATCH * 2 + 2}–${IMPORT_BATCH * 2 + 22} were not imported: a school, department or role they name was changed meanwhile.`,
    );
    expect(await personByEmail('kept0@alpha.edu')).toBeDefined();
    expect(await personByEmail('lost0@alpha.edu')).toBeUndefined();
  });

  it('refuses a file that breaks off or stops being CSV, as the preview does: nothing written or mailed', async () => {
    const encoder = new TextEncoder();
    const first = encoder.encode(
      `${csvOf('Ola,Cut,ola@alpha.edu,Student', 'Pia,Cut,pia@alpha.edu,Student')}\n`,
    );
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(first);
        else controller.error(new Error('connection reset'));
      },
    });
    const cut = await t.request('/api/v1/admin/imports', {
      method: 'POST',
      headers: {
        cookie: admin,
        'content-type': 'text/csv',
        'content-length': String(first.length + 100),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(cut.status).toBe(400);
    expect((await cut.json()).message).toMatch(
      /^The upload ended after row \d, before the end of the file\.$/,
    );
    expect(await personByEmail('ola@alpha.edu')).toBeUndefined();

    // Two batches' worth of good rows, then a row that is not CSV: the preview refuses the file,
    // and so does the import, even one asked to mail claim links.
    const good = Array.from(
      { length: IMPORT_BATCH * 2 + 5 },
      (_, i) => `Half,Applied,half${i}@alpha.edu,Staff`,
    );
    const broken = csvOf(...good, 'A,"B,c@d.ef,Student');
    const previewed = await upload('/admin/imports/preview', admin, broken);
    expect(previewed.status).toBe(400);
    const imported = await upload('/admin/imports?mail=true', admin, broken);
    expect(imported.status).toBe(400);
    // Both name the row the parser had reached, which depends on how far it read ahead.
    for (const res of [previewed, imported]) {
      expect((await res.json()).message).toMatch(/^The file is not valid CSV after row \d+: /);
    }
    expect(await personByEmail('half0@alpha.edu')).toBeUndefined();
    expect(await mailsTo(t.db, alpha.tenantId, 'half0@alpha.edu')).toEqual([]);
  });

  it('refuses a wrong header, a wrong type, broken CSV and an oversized body clearly', async () => {
    const unknown = await upload(
      '/admin/imports/preview',
      admin,
      'first_name,last_name,email,role,shoe_size\n',
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("Unknown column 'shoe_size'.");
    const missing = await upload('/admin/imports/preview', admin, 'first_name,email\nA,b@c.de\n');
    expect((await missing.json()).message).toBe('The file needs the columns last_name, role.');
    const json = await upload('/admin/imports/preview', admin, '{}', 'application/json');
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe('Send the file as text/csv.');
    const broken = await upload(
      '/admin/imports/preview',
      admin,
      csvOf(person(1), 'A,"B,c@d.ef,Student\n'),
    );
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toContain('The file is not valid CSV after row 2');
    const empty = await upload('/admin/imports/preview', admin, '');
    expect(empty.status).toBe(400);
    const huge = await upload('/admin/imports/preview', admin, 'x'.repeat(10 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
  });

  it("another tenant's import neither sees nor touches this tenant's people or places", async () => {
    const answer = await preview(
      betaAdmin,
      csvOf(
        'Noe,Park,noe@alpha.edu,Student',
        'Zed,Park,zed@beta.edu,Student,School of Engineering',
      ),
    );
    expect(answer).toMatchObject({ new: 1, update: 0, error: 1 });
    expect(answer.errors[0]?.details[0]?.field).toBe('school');
    await runImport(betaAdmin, csvOf('Changed,Name,noe@alpha.edu,Student'));
    expect(await personByEmail('noe@alpha.edu')).toMatchObject({ firstName: 'Noe' });
  });
});
