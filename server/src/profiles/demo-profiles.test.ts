import { status, userProfile } from '@kindling/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { sessionCookie } from '../../test/factories.ts';
import { queryCount } from '../db/rows.ts';
import { users } from '../db/schema-people.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { type DemoPerson, loadDemoDataset } from '../demo/dataset.ts';
import { seedDemo } from '../demo/seed.ts';

const demoDataset = loadDemoDataset();
const emailOf = (person: DemoPerson) =>
  (person.email ?? `${person.key}@${demoDataset.tenant.domain}`).toLowerCase();
const isActive = (person: DemoPerson) =>
  person.admin_status_id === status.approved && person.user_status_id === status.approved;

describe('the demo people through the API', () => {
  let t: TestApp;
  let tenantId: number;
  let cookie: string;
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await seedDemo(t.deps));
    const rows = await inTenant(t.db, tenantId, (tx) =>
      tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.tenantId, tenantId)),
    );
    for (const row of rows) idOf.set(row.email.toLowerCase(), row.id);
    cookie = await sessionCookie(
      t.db,
      t.deps.config.secretKey,
      tenantId,
      idOf.get('faculty@demo.localhost') as number,
    );
  });
  afterAll(() => t.close());

  it('shows a newcomer ORCID iDs, one verified, and publications with DOIs and venues', () => {
    const withOrcid = demoDataset.people.filter((person) => person.orcid);
    expect(withOrcid.length).toBeGreaterThanOrEqual(2);
    expect(withOrcid.filter((person) => person.orcid_verified)).toHaveLength(1);
    const publications = demoDataset.people.flatMap((person) => person.profile.publications ?? []);
    expect(publications.filter((p) => p.doi && p.venue).length).toBeGreaterThan(10);
  });

  it('every active demo person answers a profile with all their sections', async () => {
    const people = demoDataset.people.filter(isActive);
    expect(people.length).toBeGreaterThan(10);
    for (const person of people) {
      const res = await t.request(`/api/v1/profiles/${idOf.get(emailOf(person))}`, {
        headers: { cookie },
      });
      expect(res.status, person.key).toBe(200);
      const profile = userProfile.parse(await res.json());
      const saved = person.profile;
      expect(profile, person.key).toMatchObject({
        first_name: saved.first_name,
        last_name: saved.last_name,
        role_id: person.role_id,
        school_name: person.school,
        department_name: person.department,
        headline: saved.headline,
        linkedin_url: saved.linkedin_url,
        education: saved.education,
        patents: saved.patents,
        projects: saved.projects,
        publications: saved.publications,
        grants: saved.grants,
        total_citations: (saved.publications ?? []).reduce((sum, p) => sum + (p.citations ?? 0), 0),
        orcid: person.orcid ?? null,
        orcid_verified: person.orcid_verified,
      });
      expect(profile.most_recent_experience, person.key).toHaveLength(
        saved.most_recent_experience?.length ?? 0,
      );
      expect(new Set(profile.most_recent_experience), person.key).toEqual(
        new Set(saved.most_recent_experience),
      );
      expect(profile.bio.length, person.key).toBeGreaterThan(0);
      expect(profile.google_scholar_url).toBe(
        person.role_id === 2 ? (saved.google_scholar_url ?? null) : null,
      );
      const led = demoDataset.ideas.filter((idea) => idea.principal_investigator === person.key);
      expect(profile.ideas.map((idea) => idea.title).sort(), person.key).toEqual(
        led.map((idea) => idea.title).sort(),
      );
    }
  });

  it('the directory lists exactly the active demo people', async () => {
    const count = await (await t.request('/api/v1/users/count', { headers: { cookie } })).json();
    expect(count.total_count).toBe(demoDataset.people.filter(isActive).length);
    const page = await (
      await t.request('/api/v1/users?page_size=100', { headers: { cookie } })
    ).json();
    expect(page.users.map((u: { id: number }) => u.id).sort()).toEqual(
      demoDataset.people
        .filter(isActive)
        .map((p) => idOf.get(emailOf(p)))
        .sort(),
    );
  });

  it('the demo ideas open with their comments, and the PI sees requests waiting and answered', async () => {
    const discussed = demoDataset.ideas.filter((idea) => idea.comments.length > 0);
    expect(discussed.length).toBeGreaterThan(0);
    const feed = await (
      await t.request('/api/v1/ideas?page_size=100', { headers: { cookie } })
    ).json();
    for (const idea of discussed) {
      const card = feed.ideas.find((i: { title: string }) => i.title === idea.title);
      expect(card.comment_count).toBe(idea.comments.length);
    }
    const patch = feed.ideas.find((i: { title: string }) => i.title.startsWith('Wearable Sweat'));
    const comments = await (
      await t.request(`/api/v1/ideas/${patch.id}/comments`, { headers: { cookie } })
    ).json();
    const times = comments.comments.map((c: { created_at: string }) => c.created_at);
    expect(times).toEqual([...times].sort());
    expect(Date.parse(times[0])).toBeLessThan(Date.now() - 86_400_000);
    const requests = await (
      await t.request(`/api/v1/ideas/${patch.id}/interest`, { headers: { cookie } })
    ).json();
    expect(requests.requests.map((r: { status: string }) => r.status)).toEqual([
      'open',
      'responded',
    ]);
    expect(await queryCount(t.db, sql`select count(*)::int as n from outbox`)).toBe(0);
  });

  it('the demo members have read and unread notifications of what happened to them, in the past', async () => {
    const expected: Record<string, string[]> = {
      'admin@demo.localhost': ['comment', 'interest', 'member_pending'],
      'faculty@demo.localhost': ['comment', 'interest', 'interest_update', 'idea_updated'],
      'student@demo.localhost': ['comment', 'interest_update', 'idea_updated'],
    };
    for (const [email, kinds] of Object.entries(expected)) {
      const member = await sessionCookie(
        t.db,
        t.deps.config.secretKey,
        tenantId,
        idOf.get(email) as number,
      );
      const answer = await (
        await t.request('/api/v1/notifications?page_size=100', { headers: { cookie: member } })
      ).json();
      const list = answer.notifications as { kind: string; created_at: string; read_at: string }[];
      for (const kind of kinds) {
        const ofKind = list.filter((n) => n.kind === kind);
        expect(
          ofKind.filter((n) => n.read_at === null).length,
          `${email} ${kind} unread`,
        ).toBeGreaterThan(0);
        expect(
          ofKind.filter((n) => n.read_at !== null).length,
          `${email} ${kind} read`,
        ).toBeGreaterThan(0);
      }
      expect(answer.unread_count).toBe(list.filter((n) => n.read_at === null).length);
      for (const n of list) {
        expect(Date.parse(n.created_at)).toBeLessThan(Date.now() - 3_600_000);
        if (n.read_at) expect(Date.parse(n.read_at)).toBeLessThan(Date.now());
      }
    }
  });
});
