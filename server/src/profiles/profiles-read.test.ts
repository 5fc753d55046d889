import { userProfile } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import type { Db } from '../db/client.ts';
import { ideas } from '../db/schema-ideas.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { type ProfilesWorld, profilesWorld } from './test-fixtures.ts';

const NOT_FOUND = 'The user might have been deleted or never created.';

/** Counts the SQL statements request transactions run, through drizzle's query logger. */
function statementCounter(db: Db) {
  const options = (db as unknown as { session: { options: { logger?: unknown } } }).session.options;
  const statements: string[] = [];
  const previous = options.logger;
  options.logger = { logQuery: (query: string) => statements.push(query) };
  return {
    selects: () => statements.filter((s) => /^select\b/i.test(s) && !s.includes('set_config')),
    all: () => statements,
    stop: () => {
      options.logger = previous;
    },
  };
}

const richSections = (n: number) => ({
  education: Array.from({ length: n }, (_, i) => ({
    institution: `University ${i}`,
    degree: 'PhD',
    start_year: 2000 + i,
    end_year: 2004 + i,
    activities: '',
  })),
  experience: Array.from({ length: n }, (_, i) => ({
    title: `Role ${i}`,
    organization: 'Org',
    employment_type: 'Full-time',
    start_date: `${2000 + i}-01-01`,
    end_date: `${2000 + i}-12-31`,
    description: '',
  })),
  patents: Array.from({ length: n }, (_, i) => ({
    title: `Patent ${i}`,
    patent_number: `US ${i}`,
    issue_date: '2020-01-01',
  })),
  projects: Array.from({ length: n }, (_, i) => ({
    title: `Project ${i}`,
    start_date: null,
    end_date: null,
    description: '',
  })),
  publications: Array.from({ length: n }, (_, i) => ({
    title: `Paper ${i}`,
    authors: 'A. B.',
    year: 1990 + i,
    citations: 10,
  })),
  grants: Array.from({ length: n }, (_, i) => ({
    organization: 'NSF',
    grant_number: `G-${i}`,
    title: `Grant ${i}`,
    description: '',
  })),
});

describe('GET /profiles/{id}', () => {
  let w: ProfilesWorld;

  beforeAll(async () => {
    w = await profilesWorld();
  });
  afterAll(() => w.t.close());

  it('needs a session', async () => {
    expect((await w.t.request(`/api/v1/profiles/${w.me.id}`)).status).toBe(401);
  });

  it('answers the SPEC §3 profile with names of role, school and department', async () => {
    const res = await w.call('GET', `/profiles/${w.me.id}`, w.otherCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(userProfile.shape).sort());
    expect(body).toMatchObject({
      id: w.me.id,
      tenant_id: w.alpha.tenantId,
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@alpha.edu',
      role_id: 2,
      role_name: 'Faculty',
      role_icon: 'faculty',
      school_id: w.engineering,
      school_name: 'Engineering',
      department_id: w.robotics,
      department_name: 'Robotics',
      user_status_id: 2,
      admin_status_id: 2,
      education: [],
      most_recent_experience: [],
      total_citations: 0,
      oldest_publication_year: null,
      ideas: [],
      permissions: ['create_idea'],
    });
  });

  it('hides Google Scholar for non-faculty and sanitises a stored bio', async () => {
    const body = await (await w.call('GET', `/profiles/${w.other.id}`, w.meCookie)).json();
    expect(body.google_scholar_url).toBeNull();
    expect(body.linkedin_url).toBe('https://www.linkedin.com/in/pierre');
    expect(body.bio).toBe('<p>Hi</p>');
  });

  it('is 404 with the SPEC message for unknown ids, inactive members and other tenants', async () => {
    for (const [id, cookie] of [
      [2_000_000_000, w.meCookie],
      [w.pending.id, w.meCookie],
      [w.me.id, w.betaCookie],
      [w.betaMember.id, w.meCookie],
    ] as const) {
      const res = await w.call('GET', `/profiles/${id}`, cookie);
      expect(res.status, String(id)).toBe(404);
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: NOT_FOUND,
        status: 404,
        details: [],
      });
    }
    expect((await w.call('GET', '/profiles/abc', w.meCookie)).status).toBe(400);
  });

  // An invited member who has not accepted cannot hold a session (issue 14: the session lookup
  // requires an approved member), so only administrators can see their profile.
  it('administrators see an inactive profile; its member has no session until they accept', async () => {
    expect((await w.call('GET', `/profiles/${w.pending.id}`, w.adminCookie)).status).toBe(200);
    const invited = await w.member(w.alpha.tenantId, { adminStatusId: 2, userStatusId: 1 });
    const cookie = await w.cookieFor(w.alpha.tenantId, invited.id);
    expect((await w.call('GET', `/profiles/${invited.id}`, cookie)).status).toBe(401);
  });

  it('lists the ideas they lead, newest first, and computes publication totals', async () => {
    const author = await makeUser(w.t.db, w.alpha.tenantId, {
      publications: [
        { title: 'A', authors: 'X', year: 2001, citations: 5 },
        { title: 'B', authors: 'X', year: 1998, citations: 7 },
        { title: 'C', authors: 'X' },
      ],
    });
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.alpha.tenantId);
      await tx.insert(ideas).values([
        {
          tenantId: w.alpha.tenantId,
          title: 'Older idea',
          introduction: 'i',
          principalInvestigatorId: author.id,
          createdAt: new Date('2025-01-01T00:00:00Z'),
        },
        {
          tenantId: w.alpha.tenantId,
          title: 'Newer idea',
          introduction: 'i',
          principalInvestigatorId: author.id,
          createdAt: new Date('2026-01-01T00:00:00Z'),
        },
        {
          tenantId: w.alpha.tenantId,
          title: 'Managed only',
          introduction: 'i',
          principalInvestigatorId: w.me.id,
          caseManagerId: author.id,
        },
      ]);
    });
    const body = await (await w.call('GET', `/profiles/${author.id}`, w.meCookie)).json();
    expect(body.ideas).toEqual([
      { id: expect.any(Number), title: 'Newer idea', created_at: '2026-01-01T00:00:00.000Z' },
      { id: expect.any(Number), title: 'Older idea', created_at: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(body.total_citations).toBe(12);
    expect(body.oldest_publication_year).toBe(1998);
    expect(body.publications[2]).toEqual({
      title: 'C',
      authors: 'X',
      year: null,
      citations: null,
      doi: null,
      venue: '',
      url: null,
    });
  });

  it('is a fixed number of statements however many sections and ideas a profile has', async () => {
    const plain = await makeUser(w.t.db, w.alpha.tenantId, { firstName: 'Plain' });
    const rich = await makeUser(w.t.db, w.alpha.tenantId, {
      firstName: 'Rich',
      ...richSections(30),
    });
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.alpha.tenantId);
      await tx.insert(ideas).values(
        Array.from({ length: 40 }, (_, i) => ({
          tenantId: w.alpha.tenantId,
          title: `Idea ${i}`,
          introduction: 'i',
          principalInvestigatorId: rich.id,
        })),
      );
    });
    const counted = async (id: number) => {
      const counter = statementCounter(w.t.db);
      try {
        const res = await w.call('GET', `/profiles/${id}`, w.meCookie);
        expect(res.status).toBe(200);
        return { body: await res.json(), all: counter.all().length, selects: counter.selects() };
      } finally {
        counter.stop();
      }
    };
    const small = await counted(plain.id);
    const large = await counted(rich.id);
    expect(large.body.ideas).toHaveLength(40);
    expect(large.body.most_recent_experience).toHaveLength(30);
    expect(large.body.most_recent_experience[0].title).toBe('Role 29');
    expect(large.all).toBe(small.all);
    expect(large.selects).toHaveLength(2);
    expect(large.all).toBeLessThanOrEqual(5);
  });
});
