import { adminIdeasAnswer, caseManagerMessages, caseManagersAnswer } from '@kindling/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeSchool, makeTenant } from '../../test/factories.ts';
import { callerOf } from '../../test/fixtures.ts';
import { follows, ideaLinks, ideaPatents, ideaSupports } from '../db/schema-ideas.ts';
import { auditLog } from '../db/schema-records.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { insertIdeas, type Member, makeMember, postIdea, supportIds } from './test-fixtures.ts';

describe('ideas administration', () => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof makeTenant>>;
  let beta: Awaited<ReturnType<typeof makeTenant>>;
  let admin: Member;
  let betaAdmin: Member;
  let author: Member;
  let staff: Member;
  let student: Member;
  let ideaId: number;
  let betaIdeaId: number;
  let schoolId: number;

  const call = callerOf(() => t);
  const list = async (query: string, cookie = admin.cookie) => {
    const res = await call('GET', `/admin/ideas?${query}`, cookie);
    expect(res.status, query).toBe(200);
    return adminIdeasAnswer.parse(await res.json());
  };
  const lastAudit = async (action: string) => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, alpha.tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };
  const countOf = (
    table: typeof follows | typeof ideaLinks | typeof ideaPatents | typeof ideaSupports,
    id: number,
  ) =>
    t.db.transaction(async (tx) => {
      await bindTenant(tx, alpha.tenantId);
      return (await tx.select().from(table).where(eq(table.ideaId, id))).length;
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    schoolId = (await makeSchool(t.db, alpha.tenantId, 'School of Science')).id;
    admin = await makeMember(t, alpha.tenantId, {
      firstName: 'Ada',
      lastName: 'Admin',
      roleId: 3,
      permissions: ['admin', 'create_idea'],
    });
    betaAdmin = await makeMember(t, beta.tenantId, { roleId: 3, permissions: ['admin'] });
    author = await makeMember(t, alpha.tenantId, {
      firstName: 'Paula',
      lastName: 'Author',
      roleId: 2,
      schoolId,
    });
    staff = await makeMember(t, alpha.tenantId, {
      firstName: 'Sam',
      lastName: 'Staff',
      roleId: 3,
      permissions: [],
    });
    student = await makeMember(t, alpha.tenantId, {
      firstName: 'Stu',
      lastName: 'Dent',
      roleId: 1,
    });
    const [support] = await supportIds(t, alpha.tenantId);
    ideaId = await postIdea(t, author.cookie, {
      title: 'Solar 100% glass',
      introduction: 'Windows that make power',
      support_ids: [support],
      urls: [{ url: 'https://example.org/paper', title: 'Paper' }],
      patents: ['US 10,123,456 B2'],
    });
    await insertIdeas(t, alpha.tenantId, student.id, 12, { prefix: 'Bulk idea' });
    const betaAuthor = await makeMember(t, beta.tenantId, { roleId: 2 });
    betaIdeaId = await postIdea(t, betaAuthor.cookie, { title: 'Beta idea' });
    expect((await call('POST', `/ideas/${ideaId}/follow`, student.cookie)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('is 401 anonymous and 403 without admin', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/ideas'],
      ['GET', '/admin/case-managers'],
      ['PUT', `/admin/ideas/${ideaId}/case-manager`, { case_manager_id: staff.id }],
      ['DELETE', `/admin/ideas/${ideaId}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, author.cookie, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists every idea newest first with its people, paged and counted', async () => {
    const page = await list('page_size=5');
    expect(page.total_count).toBe(13);
    expect(page.total_pages).toBe(3);
    expect(page.ideas.map((i) => i.title)).toEqual([
      'Solar 100% glass',
      'Bulk idea 1',
      'Bulk idea 2',
      'Bulk idea 3',
      'Bulk idea 4',
    ]);
    expect(page.ideas[0]).toMatchObject({
      id: ideaId,
      principal_investigator: { id: author.id, name: 'Paula Author' },
      school_name: 'School of Science',
      case_manager: null,
      follower_count: 1,
    });
    expect((await list('page=3&page_size=5')).ideas).toHaveLength(3);
    expect((await call('GET', '/admin/ideas?page=4&page_size=5', admin.cookie)).status).toBe(404);
  });

  it('searches titles in any case, with like characters taken literally', async () => {
    expect((await list('q=SOLAR')).ideas.map((i) => i.id)).toEqual([ideaId]);
    expect((await list('q=100%25')).ideas.map((i) => i.id)).toEqual([ideaId]);
    expect((await list('q=_')).total_count).toBe(0);
    expect((await list(`school_id=${schoolId}`)).total_count).toBe(1);
    expect((await list('ip_status_id=none')).total_count).toBe(13);
  });

  it('is 400 for malformed filters', async () => {
    for (const query of [
      'case_manager_id=x',
      'school_id=-1',
      'page_size=101',
      `q=${'x'.repeat(201)}`,
    ]) {
      expect((await call('GET', `/admin/ideas?${query}`, admin.cookie)).status, query).toBe(400);
    }
  });

  it('offers active staff and administrators as case managers', async () => {
    const res = await call('GET', '/admin/case-managers', admin.cookie);
    const { users } = caseManagersAnswer.parse(await res.json());
    const names = users.map((u) => u.name);
    expect(names).toContain('Sam Staff');
    expect(names).toContain('Ada Admin');
    expect(names).not.toContain('Paula Author');
    expect(names).not.toContain('Stu Dent');
    const found = caseManagersAnswer.parse(
      await (await call('GET', '/admin/case-managers?q=sam', admin.cookie)).json(),
    );
    expect(found.users.map((u) => u.id)).toEqual([staff.id]);
  });

  it('assigns, changes and removes the case manager, each audited', async () => {
    const path = `/admin/ideas/${ideaId}/case-manager`;
    expect((await call('PUT', path, admin.cookie, { case_manager_id: staff.id })).status).toBe(200);
    expect((await list(`case_manager_id=${staff.id}`)).ideas.map((i) => i.id)).toEqual([ideaId]);
    expect((await list('case_manager_id=none')).total_count).toBe(12);
    let entry = await lastAudit('idea.case_manager');
    expect(entry?.summary).toBe('Made Sam Staff case manager of “Solar 100% glass”');
    expect(entry?.detail).toEqual({ from: null, to: staff.id });

    // The case manager now owns the idea (SPEC §6): they may edit it.
    const detail = await call('GET', `/ideas/${ideaId}`, staff.cookie);
    expect((await detail.json()).case_manager.id).toBe(staff.id);

    expect((await call('PUT', path, admin.cookie, { case_manager_id: admin.id })).status).toBe(200);
    entry = await lastAudit('idea.case_manager');
    expect(entry?.summary).toBe(
      'Made Ada Admin case manager of “Solar 100% glass” in place of Sam Staff',
    );
    expect((await call('PUT', path, admin.cookie, { case_manager_id: null })).status).toBe(200);
    expect((await lastAudit('idea.case_manager'))?.detail).toEqual({ from: admin.id, to: null });
    expect((await list(`case_manager_id=none&q=solar`)).total_count).toBe(1);
  });

  it('refuses a case manager who is not staff or an administrator, or is the author', async () => {
    const path = `/admin/ideas/${ideaId}/case-manager`;
    for (const [id, message] of [
      [student.id, caseManagerMessages.notCandidate],
      [betaAdmin.id, caseManagerMessages.notCandidate],
      [2_147_483_000, caseManagerMessages.notCandidate],
    ] as const) {
      const res = await call('PUT', path, admin.cookie, { case_manager_id: id });
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ field: 'case_manager_id', error: message }]);
    }
    const staffIdea = await postIdea(t, admin.cookie, { title: 'By the admin' });
    const own = await call('PUT', `/admin/ideas/${staffIdea}/case-manager`, admin.cookie, {
      case_manager_id: admin.id,
    });
    expect((await own.json()).details[0].error).toBe(caseManagerMessages.isOwner);
    for (const body of [{}, { case_manager_id: 'x' }, { case_manager_id: -1 }]) {
      expect((await call('PUT', path, admin.cookie, body)).status).toBe(400);
    }
  });

  it("answers 404 for another tenant's idea and changes nothing there", async () => {
    const path = `/admin/ideas/${betaIdeaId}`;
    expect(
      (await call('PUT', `${path}/case-manager`, admin.cookie, { case_manager_id: null })).status,
    ).toBe(404);
    expect((await call('DELETE', path, admin.cookie)).status).toBe(404);
    const betaList = adminIdeasAnswer.parse(
      await (await call('GET', '/admin/ideas', betaAdmin.cookie)).json(),
    );
    expect(betaList.ideas.map((i) => i.id)).toEqual([betaIdeaId]);
    expect((await call('DELETE', `/admin/ideas/${ideaId}`, betaAdmin.cookie)).status).toBe(404);
  });

  it('removes an idea with its links, patents, supports and follows, audited', async () => {
    expect(await countOf(follows, ideaId)).toBe(1);
    const res = await call('DELETE', `/admin/ideas/${ideaId}`, admin.cookie);
    expect(res.status).toBe(200);
    expect((await call('GET', `/ideas/${ideaId}`, author.cookie)).status).toBe(404);
    for (const table of [follows, ideaLinks, ideaPatents, ideaSupports]) {
      expect(await countOf(table, ideaId)).toBe(0);
    }
    const entry = await lastAudit('idea.remove');
    expect(entry?.summary).toBe('Removed the idea “Solar 100% glass” by Paula Author');
    expect(entry?.targetId).toBe(ideaId);
    expect(entry?.detail).toMatchObject({ principal_investigator_id: author.id, followers: 1 });
    expect((await call('DELETE', `/admin/ideas/${ideaId}`, admin.cookie)).status).toBe(404);
  });
});
