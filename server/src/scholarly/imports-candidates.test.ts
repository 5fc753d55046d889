import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../../test/factories.ts';
import { RECORDED_DOIS } from '../../test/fakes/scholarly-sources.ts';
import { users } from '../db/schema-people.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { BIBTEX, type Candidate, type ImportsWorld, importsWorld, RIS } from './test-fixtures.ts';

describe('scholarly imports (CONTRACT §10): candidates', () => {
  let w: ImportsWorld;

  beforeAll(async () => {
    w = await importsWorld();
  });
  afterAll(() => w.close());

  it('marks candidates the profile already holds, by DOI or by folded title and year', async () => {
    const me = await w.member(w.tenantId, 'Dup');
    const saved = [
      {
        title: 'tóward a unified theory of high energy metaphysics  silly-string theory',
        year: 2008,
      },
      { title: 'Something else', year: 2000, doi: '10.1038/171737A0' },
    ];
    const put = await w.t.request(
      `/api/v1/profiles/${me.id}`,
      jsonInit(
        'PUT',
        { first_name: 'Dup', last_name: 'Scholar', bio: 'A bio.', publications: saved },
        me.cookie,
      ),
    );
    expect(put.status).toBe(200);
    const { candidates } = await w.imported(
      await w.post(me, { source: 'doi', dois: RECORDED_DOIS }),
    );
    expect(candidates.map((c) => c.duplicate_of?.title ?? null)).toEqual([
      saved[0]?.title,
      null,
      'Something else',
    ]);
  });

  it('accepts into the section at once (people search finds it) and rejects without a trace', async () => {
    const me = await w.member(w.tenantId, 'Acc');
    const { candidates } = await w.imported(await w.upload(me, 'library.bib', BIBTEX));
    const [watson, tardigrade, endless] = candidates as [Candidate, Candidate, Candidate];
    const accepted = await w.decide(me, tardigrade.id, 'accept');
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).candidates.map((c: Candidate) => c.id)).toEqual([
      watson.id,
      endless.id,
    ]);
    expect((await w.profile(me)).publications).toEqual([tardigrade.entry]);
    const search = await w.t.request('/api/v1/users?q=tardigrade', {
      headers: { cookie: me.cookie },
    });
    expect((await search.json()).users.map((u: { id: number }) => u.id)).toContain(me.id);

    expect((await w.decide(me, endless.id, 'reject')).status).toBe(200);
    expect((await w.profile(me)).publications).toEqual([tardigrade.entry]);
    expect((await w.waiting(me)).map((c) => c.id)).toEqual([watson.id]);
    for (const decision of ['accept', 'reject'] as const) {
      const gone = await w.decide(me, endless.id, decision);
      expect(gone.status).toBe(404);
    }
  });

  it('keeps a section within its limit: publications hold 1,000 entries', async () => {
    const me = await w.member(w.tenantId, 'Full');
    const full = Array.from({ length: 1000 }, (_, i) => ({ title: `Paper ${i}`, year: 2000 }));
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.tenantId);
      await tx.update(users).set({ publications: full }).where(eq(users.id, me.id));
    });
    const { candidates } = await w.imported(await w.upload(me, 'library.ris', RIS));
    const refused = await w.decide(me, (candidates[0] as Candidate).id, 'accept');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Publications must have at most 1000 entries.');
    expect(await w.waiting(me)).toHaveLength(2);
    expect((await w.profile(me)).publications).toHaveLength(1000);
  });

  it('lands two accepts sent at once', async () => {
    const me = await w.member(w.tenantId, 'Race');
    const { candidates } = await w.imported(
      await w.post(me, { source: 'doi', dois: RECORDED_DOIS }),
    );
    const answers = await Promise.all(candidates.map((c) => w.decide(me, c.id, 'accept')));
    expect(answers.map((a) => a.status)).toEqual(candidates.map(() => 200));
    const dois = (await w.profile(me)).publications.map((p: { doi: string }) => p.doi);
    expect(dois.sort()).toEqual([...RECORDED_DOIS].sort());
    expect(await w.waiting(me)).toEqual([]);
  });

  it("is the owner's alone: 403 for another member's profile, 404 for another's candidate", async () => {
    const me = await w.member(w.tenantId, 'Owner');
    const colleague = await w.member(w.tenantId, 'Colleague');
    const stranger = await w.member(w.otherTenantId, 'Stranger');
    const { candidates } = await w.imported(await w.upload(me, 'library.ris', RIS));
    const cid = (candidates[0] as Candidate).id;
    for (const intruder of [colleague, stranger]) {
      expect((await w.post(intruder, { source: 'doi', dois: RECORDED_DOIS }, me.id)).status).toBe(
        403,
      );
      const list = await w.t.request(`/api/v1/profiles/${me.id}/imports`, {
        headers: { cookie: intruder.cookie },
      });
      expect(list.status).toBe(403);
      for (const decision of ['accept', 'reject'] as const) {
        expect((await w.decide(intruder, cid, decision, me.id)).status).toBe(403);
        expect((await w.decide(intruder, cid, decision)).status).toBe(404);
      }
    }
    expect((await w.waiting(me)).map((c) => c.id)).toContain(cid);
    expect((await w.profile(me)).publications).toEqual([]);
  });

  it('takes at most 30 imports an hour from a member', async () => {
    const me = await w.member(w.tenantId, 'Busy');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await w.post(me, { source: 'orcid' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
