import { profileAnswer, userProfile } from '@kindling/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeSchool,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import type { Db } from '../db/client.ts';
import { ideas } from '../db/schema-ideas.ts';
import { uploads } from '../db/schema-people.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { bindTenant } from '../db/tenant-scope.ts';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
const NOT_FOUND = 'The user might have been deleted or never created.';
/** The only tags a sanitised bio may hold; a link keeps an http(s) or mailto href, or none. */
const SAFE_TAG =
  /^(<\/?(p|br|strong|b|em|i|u|ul|ol|li)\s*\/?>|<a( href="(https?:|mailto:)[^"]*")? rel="noopener noreferrer" target="_blank">|<\/a>)$/;

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

describe('profiles', () => {
  let t: TestApp;
  let alpha: Tenant;
  let beta: Tenant;
  let engineering: number;
  let medicine: number;
  let robotics: number;
  let radiology: number;
  let betaSchool: number;
  let betaDepartment: number;
  let me: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let pending: Awaited<ReturnType<typeof makeUser>>;
  let betaMember: Awaited<ReturnType<typeof makeUser>>;
  let meCookie: string;
  let otherCookie: string;
  let adminCookie: string;
  let betaCookie: string;

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    t.request(
      `/api/v1${path}`,
      body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, cookie),
    );
  const baseBody = {
    first_name: 'Marie',
    last_name: 'Curie',
    bio: '<p>Physicist and chemist.</p>',
  };

  async function makeDepartment(tenantId: number, schoolId: number, name: string) {
    return t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      const [row] = await tx
        .insert(departments)
        .values({ tenantId, schoolId, name })
        .returning({ id: departments.id });
      return row?.id as number;
    });
  }

  async function member(tenantId: number, overrides: Parameters<typeof makeUser>[2]) {
    const user = await makeUser(t.db, tenantId, overrides);
    await giveAccount(t.db, tenantId, user.id);
    return user;
  }

  const cookieFor = (tenantId: number, userId: number) =>
    sessionCookie(t.db, t.deps.config.secretKey, tenantId, userId);

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await makeTenant(t.db, 'Alpha University');
    beta = await makeTenant(t.db, 'Beta Institute');
    engineering = (await makeSchool(t.db, alpha.tenantId, 'Engineering')).id;
    medicine = (await makeSchool(t.db, alpha.tenantId, 'Medicine')).id;
    robotics = await makeDepartment(alpha.tenantId, engineering, 'Robotics');
    radiology = await makeDepartment(alpha.tenantId, medicine, 'Radiology');
    betaSchool = (await makeSchool(t.db, beta.tenantId, 'Beta School')).id;
    betaDepartment = await makeDepartment(beta.tenantId, betaSchool, 'Beta Department');
    me = await member(alpha.tenantId, {
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie@alpha.edu',
      roleId: 2,
      schoolId: engineering,
      departmentId: robotics,
      permissions: ['create_idea'],
    });
    other = await member(alpha.tenantId, {
      firstName: 'Pierre',
      lastName: 'Curie',
      roleId: 1,
      googleScholarUrl: 'https://scholar.google.com/citations?user=abcdefgh',
      linkedinUrl: 'https://www.linkedin.com/in/pierre',
      bio: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    pending = await makeUser(t.db, alpha.tenantId, { adminStatusId: 1, userStatusId: 1 });
    betaMember = await member(beta.tenantId, { firstName: 'Bea', lastName: 'Beta' });
    meCookie = await cookieFor(alpha.tenantId, me.id);
    otherCookie = await cookieFor(alpha.tenantId, other.id);
    adminCookie = await cookieFor(alpha.tenantId, alpha.adminUserId);
    betaCookie = await cookieFor(beta.tenantId, betaMember.id);
  });
  afterAll(() => t.close());

  describe('GET /profiles/{id}', () => {
    it('needs a session', async () => {
      expect((await t.request(`/api/v1/profiles/${me.id}`)).status).toBe(401);
    });

    it('answers the SPEC §3 profile with names of role, school and department', async () => {
      const res = await call('GET', `/profiles/${me.id}`, otherCookie);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(userProfile.shape).sort());
      expect(body).toMatchObject({
        id: me.id,
        tenant_id: alpha.tenantId,
        first_name: 'Marie',
        last_name: 'Curie',
        email: 'marie@alpha.edu',
        role_id: 2,
        role_name: 'Faculty',
        role_icon: 'faculty',
        school_id: engineering,
        school_name: 'Engineering',
        department_id: robotics,
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
      const body = await (await call('GET', `/profiles/${other.id}`, meCookie)).json();
      expect(body.google_scholar_url).toBeNull();
      expect(body.linkedin_url).toBe('https://www.linkedin.com/in/pierre');
      expect(body.bio).toBe('<p>Hi</p>');
    });

    it('is 404 with the SPEC message for unknown ids, inactive members and other tenants', async () => {
      for (const [id, cookie] of [
        [2_000_000_000, meCookie],
        [pending.id, meCookie],
        [me.id, betaCookie],
        [betaMember.id, meCookie],
      ] as const) {
        const res = await call('GET', `/profiles/${id}`, cookie);
        expect(res.status, String(id)).toBe(404);
        expect(await res.json()).toEqual({
          code: 'NOT_FOUND',
          message: NOT_FOUND,
          status: 404,
          details: [],
        });
      }
      expect((await call('GET', '/profiles/abc', meCookie)).status).toBe(400);
    });

    // An invited member who has not accepted cannot hold a session (issue 14: the session lookup
    // requires an approved member), so only administrators can see their profile.
    it('administrators see an inactive profile; its member has no session until they accept', async () => {
      expect((await call('GET', `/profiles/${pending.id}`, adminCookie)).status).toBe(200);
      const invited = await member(alpha.tenantId, { adminStatusId: 2, userStatusId: 1 });
      const cookie = await cookieFor(alpha.tenantId, invited.id);
      expect((await call('GET', `/profiles/${invited.id}`, cookie)).status).toBe(401);
    });

    it('lists the ideas they lead, newest first, and computes publication totals', async () => {
      const author = await makeUser(t.db, alpha.tenantId, {
        publications: [
          { title: 'A', authors: 'X', year: 2001, citations: 5 },
          { title: 'B', authors: 'X', year: 1998, citations: 7 },
          { title: 'C', authors: 'X' },
        ],
      });
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, alpha.tenantId);
        await tx.insert(ideas).values([
          {
            tenantId: alpha.tenantId,
            title: 'Older idea',
            introduction: 'i',
            principalInvestigatorId: author.id,
            createdAt: new Date('2025-01-01T00:00:00Z'),
          },
          {
            tenantId: alpha.tenantId,
            title: 'Newer idea',
            introduction: 'i',
            principalInvestigatorId: author.id,
            createdAt: new Date('2026-01-01T00:00:00Z'),
          },
          {
            tenantId: alpha.tenantId,
            title: 'Managed only',
            introduction: 'i',
            principalInvestigatorId: me.id,
            caseManagerId: author.id,
          },
        ]);
      });
      const body = await (await call('GET', `/profiles/${author.id}`, meCookie)).json();
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
      const plain = await makeUser(t.db, alpha.tenantId, { firstName: 'Plain' });
      const rich = await makeUser(t.db, alpha.tenantId, { firstName: 'Rich', ...richSections(30) });
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, alpha.tenantId);
        await tx.insert(ideas).values(
          Array.from({ length: 40 }, (_, i) => ({
            tenantId: alpha.tenantId,
            title: `Idea ${i}`,
            introduction: 'i',
            principalInvestigatorId: rich.id,
          })),
        );
      });
      const counted = async (id: number) => {
        const counter = statementCounter(t.db);
        try {
          const res = await call('GET', `/profiles/${id}`, meCookie);
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

  describe('PUT /profiles/{id}', () => {
    it('saves your own profile, trimmed, and answers {profile}; the names are the account names', async () => {
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        first_name: '  Maria ',
        last_name: ' Skłodowska ',
        bio: '  <p>Two Nobel prizes.</p> ',
        headline: ' Professor ',
        location: ' Paris ',
        faculty_page_url: ' alpha.edu/people/marie ',
        school_id: medicine,
        department_id: radiology,
        role_id: 4,
        email: 'evil@example.com',
        tenant_id: beta.tenantId,
        permissions: ['admin'],
      });
      expect(res.status).toBe(200);
      const { profile } = profileAnswer.parse(await res.json());
      expect(profile).toMatchObject({
        first_name: 'Maria',
        last_name: 'Skłodowska',
        bio: '<p>Two Nobel prizes.</p>',
        headline: 'Professor',
        location: 'Paris',
        faculty_page_url: 'https://alpha.edu/people/marie',
        school_id: medicine,
        school_name: 'Medicine',
        department_id: radiology,
        department_name: 'Radiology',
        role_id: 2,
        email: 'marie@alpha.edu',
        tenant_id: alpha.tenantId,
        permissions: ['create_idea'],
      });
      const details = await (await call('GET', `/users/${me.id}`, meCookie)).json();
      expect(details.name).toBe('Maria Skłodowska');
      const again = await (await call('GET', `/profiles/${me.id}`, otherCookie)).json();
      expect(again).toEqual(profile);
    });

    it('keeps what is left out and clears what is sent empty', async () => {
      await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        headline: 'Kept',
        location: 'Kept too',
      });
      const kept = await call('PUT', `/profiles/${me.id}`, meCookie, baseBody);
      expect((await kept.json()).profile).toMatchObject({
        headline: 'Kept',
        location: 'Kept too',
        school_id: medicine,
      });
      const cleared = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        headline: '',
        location: null,
        school_id: null,
        department_id: '',
        faculty_page_url: '',
      });
      expect((await cleared.json()).profile).toMatchObject({
        headline: '',
        location: '',
        school_id: null,
        school_name: null,
        department_id: null,
        faculty_page_url: null,
      });
    });

    it('requires first name, last name and bio with the SPEC messages', async () => {
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        first_name: '   ',
        bio: '<p> </p>',
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.details).toEqual([
        { field: 'first_name', error: 'First name is required' },
        { field: 'last_name', error: 'Last name is required' },
        { field: 'bio', error: 'Bio is required' },
      ]);
      const scriptOnly = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        bio: '<script>alert(1)</script>',
      });
      expect((await scriptOnly.json()).details).toEqual([
        { field: 'bio', error: 'Bio is required' },
      ]);
    });

    it('counts the bio in characters of text: 1000 fit, 1001 are 400, never truncated', async () => {
      const fits = `<p><strong>${'a'.repeat(500)}</strong></p><p>${'b'.repeat(499)}&amp;</p>`;
      const ok = await call('PUT', `/profiles/${me.id}`, meCookie, { ...baseBody, bio: fits });
      expect(ok.status).toBe(200);
      expect((await ok.json()).profile.bio).toBe(fits);
      const over = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        bio: 'x'.repeat(1001),
      });
      expect(over.status).toBe(400);
      expect((await over.json()).details).toEqual([
        { field: 'bio', error: 'Bio must be at most 1000 characters.' },
      ]);
    });

    it('answers over-limit fields with their label and limit', async () => {
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        first_name: 'F'.repeat(51),
        headline: 'H'.repeat(151),
        location: 'L'.repeat(101),
      });
      expect((await res.json()).details).toEqual([
        { field: 'first_name', error: 'First name must be at most 50 characters.' },
        { field: 'headline', error: 'Position must be at most 150 characters.' },
        { field: 'location', error: 'Location must be at most 100 characters.' },
      ]);
    });

    it('checks URLs against the loose pattern: {label} must be a valid URL', async () => {
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        linkedin_url: 'javascript:alert(1)',
        google_scholar_url: 'not a url',
        faculty_page_url: 'http://nodot',
      });
      expect((await res.json()).details).toEqual([
        { field: 'linkedin_url', error: 'LinkedIn URL must be a valid URL' },
        { field: 'google_scholar_url', error: 'Google Scholar URL must be a valid URL' },
        { field: 'faculty_page_url', error: 'Faculty page URL must be a valid URL' },
      ]);
    });

    it('LinkedIn and Google Scholar may be set while empty and are read-only once set', async () => {
      const linkedin = 'https://www.linkedin.com/in/marie-curie';
      const scholar = 'https://scholar.google.com/citations?user=curie123';
      const set = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        linkedin_url: linkedin,
        google_scholar_url: scholar,
      });
      expect((await set.json()).profile).toMatchObject({
        linkedin_url: linkedin,
        google_scholar_url: scholar,
      });
      const same = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        linkedin_url: linkedin,
        google_scholar_url: scholar,
      });
      expect(same.status).toBe(200);
      const left = await call('PUT', `/profiles/${me.id}`, meCookie, baseBody);
      expect((await left.json()).profile.linkedin_url).toBe(linkedin);
      const changed = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        linkedin_url: 'https://www.linkedin.com/in/someone-else',
        google_scholar_url: '',
      });
      expect(changed.status).toBe(400);
      expect((await changed.json()).details).toEqual([
        { field: 'linkedin_url', error: 'LinkedIn URL cannot be changed once set.' },
        { field: 'google_scholar_url', error: 'Google Scholar URL cannot be changed once set.' },
      ]);
      const stored = await (await call('GET', `/profiles/${me.id}`, meCookie)).json();
      expect(stored.linkedin_url).toBe(linkedin);
      expect(stored.google_scholar_url).toBe(scholar);
    });

    it('ignores Google Scholar for members who are not faculty', async () => {
      const student = await member(alpha.tenantId, { roleId: 1 });
      const cookie = await cookieFor(alpha.tenantId, student.id);
      const res = await call('PUT', `/profiles/${student.id}`, cookie, {
        ...baseBody,
        google_scholar_url: 'https://scholar.google.com/citations?user=student1',
      });
      expect(res.status).toBe(200);
      expect((await res.json()).profile.google_scholar_url).toBeNull();
    });

    it("the department must belong to the school; another tenant's ids are 400", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ school_id: engineering, department_id: radiology }, 'department_id'],
        [{ school_id: null, department_id: robotics }, 'department_id'],
        [{ school_id: betaSchool, department_id: null }, 'school_id'],
        [{ school_id: engineering, department_id: betaDepartment }, 'department_id'],
        [{ school_id: 'x' }, 'school_id'],
      ];
      for (const [place, field] of cases) {
        const res = await call('PUT', `/profiles/${me.id}`, meCookie, { ...baseBody, ...place });
        expect(res.status, JSON.stringify(place)).toBe(400);
        const body = await res.json();
        expect(body.details[0].field).toBe(field);
        expect(body.details[0].error).toBe(
          field === 'school_id'
            ? 'Please choose a school.'
            : 'Please choose a department of the school.',
        );
      }
      const ok = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        school_id: engineering,
        department_id: robotics,
      });
      expect(ok.status).toBe(200);
    });

    it('keeps a deactivated school or department already saved; choosing one anew is 400', async () => {
      const alchemy = (await makeSchool(t.db, alpha.tenantId, 'Alchemy')).id;
      const transmutation = await makeDepartment(alpha.tenantId, alchemy, 'Transmutation');
      const elixirs = await makeDepartment(alpha.tenantId, alchemy, 'Elixirs');
      const drones = await makeDepartment(alpha.tenantId, engineering, 'Drones');
      const retiree = await member(alpha.tenantId, {
        schoolId: alchemy,
        departmentId: transmutation,
      });
      const retireeCookie = await cookieFor(alpha.tenantId, retiree.id);
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, alpha.tenantId);
        await tx.update(schools).set({ isActive: false }).where(eq(schools.id, alchemy));
        await tx
          .update(departments)
          .set({ isActive: false })
          .where(inArray(departments.id, [transmutation, elixirs, drones]));
      });
      const save = (cookie: string, userId: number, place: Record<string, unknown>) =>
        call('PUT', `/profiles/${userId}`, cookie, { ...baseBody, ...place });
      const refusal = async (res: Response) => {
        expect(res.status).toBe(400);
        return (await res.json()).details;
      };

      const kept = await save(retireeCookie, retiree.id, {
        school_id: alchemy,
        department_id: transmutation,
      });
      expect(kept.status).toBe(200);
      expect((await kept.json()).profile).toMatchObject({
        school_id: alchemy,
        school_name: 'Alchemy',
        department_id: transmutation,
        department_name: 'Transmutation',
      });
      expect((await save(retireeCookie, retiree.id, { department_id: null })).status).toBe(200);
      expect(
        await refusal(await save(retireeCookie, retiree.id, { department_id: elixirs })),
      ).toEqual([{ field: 'department_id', error: 'Please choose a department of the school.' }]);
      expect(
        await refusal(await save(meCookie, me.id, { school_id: alchemy, department_id: null })),
      ).toEqual([{ field: 'school_id', error: 'Please choose a school.' }]);
      expect(
        await refusal(
          await save(meCookie, me.id, { school_id: engineering, department_id: drones }),
        ),
      ).toEqual([{ field: 'department_id', error: 'Please choose a department of the school.' }]);
      // Once left, the deactivated school cannot be chosen again.
      const moved = await save(retireeCookie, retiree.id, {
        school_id: engineering,
        department_id: robotics,
      });
      expect(moved.status).toBe(200);
      expect(
        await refusal(
          await save(retireeCookie, retiree.id, { school_id: alchemy, department_id: null }),
        ),
      ).toEqual([{ field: 'school_id', error: 'Please choose a school.' }]);
    });

    it('takes only a photo URL the upload issued to this member', async () => {
      const mineKey = `${alpha.tenantId}/${me.id}/issuedToMeAaaaaaaaaaaa.jpg`;
      const theirsKey = `${alpha.tenantId}/${other.id}/issuedToOtherBbbbbbbbbb.jpg`;
      const mine = `/uploads/${mineKey}`;
      const theirs = `/uploads/${theirsKey}`;
      await t.db.transaction(async (tx) => {
        await bindTenant(tx, alpha.tenantId);
        await tx.insert(uploads).values([
          {
            tenantId: alpha.tenantId,
            userId: me.id,
            key: mineKey,
            url: mine,
            contentType: 'image/jpeg',
            bytes: 1,
          },
          {
            tenantId: alpha.tenantId,
            userId: other.id,
            key: theirsKey,
            url: theirs,
            contentType: 'image/jpeg',
            bytes: 1,
          },
        ]);
      });
      for (const url of [theirs, 'https://evil.example.com/x.jpg', 'javascript:alert(1)']) {
        const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
          ...baseBody,
          profile_image_url: url,
        });
        expect(res.status, url).toBe(400);
        expect((await res.json()).details).toEqual([
          { field: 'profile_image_url', error: 'Please upload the photo before saving it.' },
        ]);
      }
      const ok = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        profile_image_url: mine,
      });
      expect((await ok.json()).profile.profile_image_url).toBe(mine);
      const unchanged = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        profile_image_url: mine,
      });
      expect(unchanged.status).toBe(200);
      const removed = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        profile_image_url: null,
      });
      expect((await removed.json()).profile.profile_image_url).toBeNull();
    });

    it('saves the sections with validated shapes, and names failing entries by path', async () => {
      const sections = {
        education: [
          {
            institution: 'Sorbonne',
            degree: 'DSc',
            start_year: 1994,
            end_year: 2003,
            activities: '',
          },
        ],
        most_recent_experience: [
          {
            title: 'Professor',
            organization: 'Sorbonne',
            employment_type: 'Full-time',
            start_date: '2006-11-05',
            end_date: null,
            description: 'Chair of physics',
          },
        ],
        patents: [{ title: 'Radium', patent_number: 'FR 123', issue_date: null }],
        projects: [
          { title: 'Radium Institute', start_date: '2009-01-01', end_date: null, description: '' },
        ],
        publications: [
          { title: 'Radioactive substances', authors: 'M. Curie', year: 2003, citations: 900 },
        ],
        grants: [
          { organization: 'Carnegie', grant_number: 'C-1', title: 'Research', description: '' },
        ],
      };
      const bad = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        ...sections,
        education: [{ institution: 'Sorbonne', start_year: 'soon' }],
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).details).toEqual([
        { field: 'education.0.start_year', error: 'Start year must be a year.' },
      ]);
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, { ...baseBody, ...sections });
      expect(res.status).toBe(200);
      const { profile } = await res.json();
      expect(profile).toMatchObject({
        ...sections,
        total_citations: 900,
        oldest_publication_year: 2003,
      });

      const invalid = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        most_recent_experience: [
          { title: 'ok', start_date: '2020-01-01', end_date: '2019-01-01' },
          { title: '', start_date: '2020-13-45' },
        ],
        publications: [{ title: 'P', citations: -1 }],
        grants: Array.from({ length: 101 }, () => ({ title: 'G' })),
      });
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).details).toEqual([
        {
          field: 'most_recent_experience.0.end_date',
          error: 'End date must not be before the start date.',
        },
        { field: 'most_recent_experience.1.title', error: 'Title is required' },
        {
          field: 'most_recent_experience.1.start_date',
          error: 'Start date must be a date (YYYY-MM-DD).',
        },
        { field: 'publications.0.citations', error: 'Citations must be a whole number.' },
        { field: 'grants', error: 'Grants must have at most 100 entries.' },
      ]);
      const kept = await (await call('GET', `/profiles/${me.id}`, meCookie)).json();
      expect(kept.patents).toEqual(sections.patents);
    });

    it('keeps every section in the order saved, experience newest first', async () => {
      const titles = ['Third', 'First', 'Second'];
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        education: titles.map((institution) => ({ institution })),
        patents: titles.map((title) => ({ title })),
        projects: titles.map((title) => ({ title })),
        publications: titles.map((title, i) => ({ title, year: 2000 + i })),
        grants: titles.map((title) => ({ title })),
        most_recent_experience: [
          { title: 'Postdoc', start_date: '2001-01-01', end_date: '2003-01-01' },
          { title: 'Professor', start_date: '2006-01-01' },
          { title: 'Lecturer', start_date: '2003-01-01', end_date: '2006-01-01' },
        ],
      });
      expect(res.status).toBe(200);
      const profile = await (await call('GET', `/profiles/${me.id}`, meCookie)).json();
      expect(profile.education.map((e: { institution: string }) => e.institution)).toEqual(titles);
      for (const name of ['patents', 'projects', 'publications', 'grants']) {
        expect(profile[name].map((e: { title: string }) => e.title)).toEqual(titles);
      }
      expect(profile.most_recent_experience.map((e: { title: string }) => e.title)).toEqual([
        'Professor',
        'Lecturer',
        'Postdoc',
      ]);
    });

    it('saves a publication with its DOI normalised, venue and URL, and checks them', async () => {
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        publications: [
          {
            title: 'Recherches sur les substances radioactives',
            authors: 'M. Curie',
            doi: 'https://doi.org/10.1051/JPHYSTAP:019040030027100',
            venue: '  Annales de chimie et de physique ',
            url: 'gallica.bnf.fr/ark:/12148/bpt6k',
          },
          { title: 'No links' },
        ],
      });
      expect(res.status).toBe(200);
      const { profile } = await res.json();
      expect(profile.publications).toEqual([
        {
          title: 'Recherches sur les substances radioactives',
          authors: 'M. Curie',
          year: null,
          citations: null,
          doi: '10.1051/jphystap:019040030027100',
          venue: 'Annales de chimie et de physique',
          url: 'https://gallica.bnf.fr/ark:/12148/bpt6k',
        },
        {
          title: 'No links',
          authors: '',
          year: null,
          citations: null,
          doi: null,
          venue: '',
          url: null,
        },
      ]);
      expect(userProfile.parse(profile)).toEqual(profile);

      const bad = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        publications: [{ title: 'P', doi: '1051/x', venue: 'v'.repeat(301), url: 'not a url' }],
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).details).toEqual([
        { field: 'publications.0.doi', error: 'DOI must be a DOI such as 10.1000/xyz123.' },
        { field: 'publications.0.venue', error: 'Venue must be at most 300 characters.' },
        { field: 'publications.0.url', error: 'URL must be a valid URL' },
      ]);
    });

    it('holds 1000 publications and 100 entries of the other sections; one more is 400', async () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Entry ${i}` }));
      const full = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        publications: many(1000),
        projects: many(100),
      });
      expect(full.status).toBe(200);
      const saved = (await full.json()).profile;
      expect([saved.publications.length, saved.projects.length]).toEqual([1000, 100]);

      const over = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        publications: many(1001),
        education: Array.from({ length: 101 }, () => ({ institution: 'U' })),
        patents: many(101),
      });
      expect(over.status).toBe(400);
      expect((await over.json()).details).toEqual([
        { field: 'education', error: 'Education must have at most 100 entries.' },
        { field: 'patents', error: 'Patents must have at most 100 entries.' },
        { field: 'publications', error: 'Publications must have at most 1000 entries.' },
      ]);
      const kept = await (await call('GET', `/profiles/${me.id}`, meCookie)).json();
      expect(kept.publications).toHaveLength(1000);
    });

    it('the directory search finds a publication venue as soon as it is saved', async () => {
      const search = async () =>
        (await call('GET', '/search?q=Zeitschrift%20Radiochemie&type=people', otherCookie)).json();
      expect((await search()).users).toEqual([]);
      const res = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        publications: [{ title: 'Untitled', venue: 'Zeitschrift für Radiochemie' }],
      });
      expect(res.status).toBe(200);
      expect((await search()).users.map((u: { id: number }) => u.id)).toEqual([me.id]);
    });

    it('makes the usual XSS payloads in the bio inert', async () => {
      const payloads = [
        '<script>alert(1)</script>Hello',
        '<img src=x onerror=alert(1)>Hello',
        '<a href="javascript:alert(1)">Hello</a>',
        '<a href="JaVaScRiPt:alert(1)">Hello</a>',
        '<a href="&#106;avascript:alert(1)">Hello</a>',
        '<svg onload=alert(1)><circle/></svg>Hello',
        '<style>body{display:none}</style>Hello',
        '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">Hello</p>',
        '<iframe src="https://evil.example.com"></iframe>Hello',
        '<a href="https://ok.example.com" onclick="alert(1)" target="_self">Hello</a>',
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>Hello',
        '"><script>alert(1)</script>Hello',
      ];
      for (const bio of payloads) {
        const res = await call('PUT', `/profiles/${me.id}`, meCookie, { ...baseBody, bio });
        expect(res.status, bio).toBe(200);
        const saved = (await res.json()).profile.bio as string;
        expect(saved, bio).toContain('Hello');
        expect(saved, bio).not.toMatch(
          /<script|<style|<svg|<img|<iframe|<math|javascript:|on\w+=|style=/i,
        );
        for (const tag of saved.match(/<[^>]+>/g) ?? []) {
          expect(tag, bio).toMatch(SAFE_TAG);
        }
      }
      const link = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        bio: '<p>See <a href="https://example.com/x">my lab</a> or <a href="mailto:m@alpha.edu">mail</a></p>',
      });
      expect((await link.json()).profile.bio).toBe(
        '<p>See <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">my lab</a> or <a href="mailto:m@alpha.edu" rel="noopener noreferrer" target="_blank">mail</a></p>',
      );
    });

    it("is 403 for someone else's profile, in this tenant or another, and changes nothing", async () => {
      const before = await (await call('GET', `/profiles/${other.id}`, adminCookie)).json();
      for (const [id, cookie] of [
        [other.id, meCookie],
        [other.id, adminCookie],
        [other.id, betaCookie],
        [betaMember.id, meCookie],
      ] as const) {
        const res = await call('PUT', `/profiles/${id}`, cookie, baseBody);
        expect(res.status).toBe(403);
        expect((await res.json()).code).toBe('FORBIDDEN');
      }
      const after = await (await call('GET', `/profiles/${other.id}`, adminCookie)).json();
      expect(after).toEqual(before);
      const bea = await (await call('GET', `/profiles/${betaMember.id}`, betaCookie)).json();
      expect(bea.first_name).toBe('Bea');
      expect((await t.request(`/api/v1/profiles/${me.id}`, jsonInit('PUT', baseBody))).status).toBe(
        401,
      );
    });

    it('a body over 1 MiB is 413, a body that is not JSON is 400', async () => {
      const huge = await call('PUT', `/profiles/${me.id}`, meCookie, {
        ...baseBody,
        location: 'x'.repeat(1024 * 1024),
      });
      expect(huge.status).toBe(413);
      const broken = await t.request(`/api/v1/profiles/${me.id}`, {
        method: 'PUT',
        headers: { cookie: meCookie, 'content-type': 'application/json' },
        body: '{"first_name":',
      });
      expect(broken.status).toBe(400);
    });
  });
});
