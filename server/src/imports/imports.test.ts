import { type ImportResult, profileAnswer } from '@kindling/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchool } from '../../test/factories.ts';
import { mailsTo } from '../../test/mail.ts';
import { users } from '../db/schema-people.ts';
import { auditLog } from '../db/schema-records.ts';
import { IMPORT_BATCH } from './service.ts';
import { csvOf, type ImportsWorld, importsWorld } from './test-fixtures.ts';

describe('bulk onboarding', () => {
  let w: ImportsWorld;

  beforeAll(async () => {
    w = await importsWorld();
  });
  afterAll(() => w.t.close());

  it('imports approved, unclaimed profiles; mails only on request; re-importing updates', async () => {
    const publications = JSON.stringify([{ title: 'On bees', year: 2001, citations: 7 }]).replace(
      /"/g,
      '""',
    );
    const csv = csvOf(
      `Mia,Stone,Mia.Stone@alpha.edu,faculty,School of Engineering,Robotics,Lecturer,,"${publications}"`,
      'Noe,Park,noe@alpha.edu,Student',
    );
    const first = await w.runImport(w.admin, csv, '?mail=true&file_name=people.csv');
    expect(first).toMatchObject({ rows: 2, created: 2, updated: 0, failed: 0, mailed: 2 });
    const mia = await w.personByEmail('mia.stone@alpha.edu');
    expect(mia).toMatchObject({
      firstName: 'Mia',
      roleId: 2,
      adminStatusId: 2,
      userStatusId: 1,
      headline: 'Lecturer',
      permissions: ['create_idea', 'update_idea', 'delete_idea', 'invite_user'],
      publications: [{ title: 'On bees', authors: '', year: 2001, citations: 7 }],
    });
    expect(await mailsTo(w.t.db, w.alpha.tenantId, 'mia.stone@alpha.edu')).toHaveLength(1);

    // The same file again: the same people, updated, and no second mail.
    const again = await w.runImport(w.admin, csv, '?mail=true');
    expect(again).toMatchObject({ rows: 2, created: 0, updated: 2, mailed: 0 });
    expect(await mailsTo(w.t.db, w.alpha.tenantId, 'mia.stone@alpha.edu')).toHaveLength(1);
    const count = await w.inAlpha((tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(${users.email}) = 'mia.stone@alpha.edu'`),
    );
    expect(count[0]?.n).toBe(1);

    // A thinner file keeps what its empty cells do not say.
    await w.runImport(w.admin, csvOf('Mia,Stone-Lee,mia.stone@alpha.edu,Faculty'));
    expect(await w.personByEmail('mia.stone@alpha.edu')).toMatchObject({
      lastName: 'Stone-Lee',
      headline: 'Lecturer',
      schoolId: mia?.schoolId,
      publications: [{ title: 'On bees', authors: '', year: 2001, citations: 7 }],
    });

    const profile = profileAnswer.shape.profile.parse(
      await (
        await w.t.request(`/api/v1/profiles/${mia?.id}`, { headers: { cookie: w.admin } })
      ).json(),
    );
    expect(profile.total_citations).toBe(7);
    expect(profile.school_name).toBe('School of Engineering');

    // A filled list cell replaces the section; naming a school without a department clears it.
    await w.runImport(
      w.admin,
      csvOf(
        'Mia,Stone-Lee,mia.stone@alpha.edu,Faculty,school of engineering,,,,"[{""title"":""Wasps""}]"',
      ),
    );
    expect(await w.personByEmail('mia.stone@alpha.edu')).toMatchObject({
      headline: 'Lecturer',
      schoolId: mia?.schoolId,
      departmentId: null,
      publications: [{ title: 'Wasps', authors: '', year: null, citations: null }],
    });

    const entries = await w.inAlpha((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, w.alpha.tenantId), eq(auditLog.action, 'member.import')))
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
    const result = await w.runImport(w.admin, csvOf(...rows), '?file_name=bulk.csv');
    expect(result).toMatchObject({ rows: rows.length, created: rows.length, failed: 0, mailed: 0 });
    const entries = await w.inAlpha((tx) =>
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
    const temporary = await makeSchool(w.t.db, w.alpha.tenantId, 'Temporary School');
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
    await w.t.db.execute(
      sql.raw(`create function refuse_temporary() returns trigger language plpgsql as $$
        begin
          if new.school_id = ${temporary.id} then raise foreign_key_violation; end if;
          return new;
        end $$`),
    );
    await w.t.db.execute(
      sql.raw(`create trigger refuse_temporary before insert on users
        for each row execute function refuse_temporary()`),
    );
    let result: ImportResult;
    try {
      result = await w.runImport(w.admin, csvOf(...plain, ...doomed));
    } finally {
      await w.t.db.execute(sql.raw('drop trigger refuse_temporary on users'));
      await w.t.db.execute(sql.raw('drop function refuse_temporary'));
    }
    expect(result).toMatchObject({
      rows: IMPORT_BATCH * 2 + 21,
      created: IMPORT_BATCH * 2,
      failed: 21,
    });
    expect(result.errors[0]?.details[0]?.error).toContain(
      `Rows ${IMPORT_BATCH * 2 + 2}–${IMPORT_BATCH * 2 + 22} were not imported: a school, department or role they name was changed meanwhile.`,
    );
    expect(await w.personByEmail('kept0@alpha.edu')).toBeDefined();
    expect(await w.personByEmail('lost0@alpha.edu')).toBeUndefined();
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
    const cut = await w.t.request('/api/v1/admin/imports', {
      method: 'POST',
      headers: {
        cookie: w.admin,
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
    expect(await w.personByEmail('ola@alpha.edu')).toBeUndefined();

    // Two batches' worth of good rows, then a row that is not CSV: the preview refuses the file,
    // and so does the import, even one asked to mail claim links.
    const good = Array.from(
      { length: IMPORT_BATCH * 2 + 5 },
      (_, i) => `Half,Applied,half${i}@alpha.edu,Staff`,
    );
    const broken = csvOf(...good, 'A,"B,c@d.ef,Student');
    const previewed = await w.upload('/admin/imports/preview', w.admin, broken);
    expect(previewed.status).toBe(400);
    const imported = await w.upload('/admin/imports?mail=true', w.admin, broken);
    expect(imported.status).toBe(400);
    // Both name the row the parser had reached, which depends on how far it read ahead.
    for (const res of [previewed, imported]) {
      expect((await res.json()).message).toMatch(/^The file is not valid CSV after row \d+: /);
    }
    expect(await w.personByEmail('half0@alpha.edu')).toBeUndefined();
    expect(await mailsTo(w.t.db, w.alpha.tenantId, 'half0@alpha.edu')).toEqual([]);
  });

  it("another tenant's import neither sees nor touches this tenant's people or places", async () => {
    const answer = await w.preview(
      w.betaAdmin,
      csvOf(
        'Noe,Park,noe@alpha.edu,Student',
        'Zed,Park,zed@beta.edu,Student,School of Engineering',
      ),
    );
    expect(answer).toMatchObject({ new: 1, update: 0, error: 1 });
    expect(answer.errors[0]?.details[0]?.field).toBe('school');
    await w.runImport(w.betaAdmin, csvOf('Changed,Name,noe@alpha.edu,Student'));
    expect(await w.personByEmail('noe@alpha.edu')).toMatchObject({ firstName: 'Noe' });
  });
});
