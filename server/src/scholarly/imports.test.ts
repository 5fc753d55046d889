import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import {
  RECORDED_DOIS,
  RECORDED_ORCID,
  recordedCount,
  type ScholarlyFakes,
  startScholarlyFakes,
} from '../../test/fakes/scholarly-sources.ts';
import { users } from '../db/schema-people.ts';
import { doiWorks } from '../db/schema-scholarly.ts';
import { bindTenant } from '../db/tenant-scope.ts';

const SILLY_STRING = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';
const UNKNOWN_DOI = '10.5555/not-registered';

const BIBTEX = `@article{watson1953,
  title   = {Molecular structure of {N}ucleic {A}cids: a structure for deoxyribose nucleic acid},
  author  = {Watson, J. D. and Crick, F. H. C.},
  journal = {Nature},
  year    = {1953},
  doi     = {https://doi.org/10.1038/171737A0}
}
@inproceedings{m{\\"u}ller2021,
  title     = {\\emph{Tardigrade} survival in M{\\"u}ller's vacuum chamber},
  author    = {M{\\"u}ller, Anna and Okonkwo, Kelechi},
  booktitle = {Proceedings of the Symposium on Extremophiles},
  year      = {2021}
}
@misc{long2020,
  title = {${'Endless '.repeat(120)}},
  year  = {2020}
}`;

const RIS = `TY  - JOUR
TI  - Recherches sur les substances radioactives
AU  - Curie, Marie
PY  - 1903
JO  - Annales de chimie et de physique
UR  - https://example.org/curie-1903
ER  - 

TY  - JOUR
TI  - Observation of Gravitational Waves from a Binary Black Hole Merger
AU  - Abbott, B. P.
PY  - 2016
JO  - Physical Review Letters
DO  - 10.1103/PhysRevLett.116.061102
ER  - 
`;

interface Candidate {
  id: number;
  section: string;
  entry: Record<string, unknown>;
  duplicate_of: Record<string, unknown> | null;
}

describe('scholarly imports (CONTRACT §10)', () => {
  let t: TestApp;
  let fakes: ScholarlyFakes;
  let tenantId: number;
  let otherTenantId: number;

  async function member(tenant: number, firstName: string) {
    const user = await makeUser(t.db, tenant, { firstName, lastName: 'Scholar' });
    await giveAccount(t.db, tenant, user.id);
    const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenant, user.id);
    return { id: user.id, cookie };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const post = (who: Member, body: unknown, profileId = who.id) =>
    t.request(`/api/v1/profiles/${profileId}/imports`, jsonInit('POST', body, who.cookie));
  const upload = (who: Member, name: string, content: string | Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('file', new File([content], name, { type: 'application/octet-stream' }));
    return t.request(`/api/v1/profiles/${who.id}/imports`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
  };
  const decide = (who: Member, cid: number, decision: 'accept' | 'reject', profileId = who.id) =>
    t.request(
      `/api/v1/profiles/${profileId}/imports/${cid}/${decision}`,
      jsonInit('POST', undefined, who.cookie),
    );
  const waiting = async (who: Member): Promise<Candidate[]> => {
    const res = await t.request(`/api/v1/profiles/${who.id}/imports`, {
      headers: { cookie: who.cookie },
    });
    expect(res.status).toBe(200);
    return (await res.json()).candidates;
  };
  const profile = async (who: Member) =>
    (await t.request(`/api/v1/profiles/${who.id}`, { headers: { cookie: who.cookie } })).json();
  const imported = async (res: Response) => {
    expect(res.status).toBe(201);
    return (await res.json()) as { candidates: Candidate[]; not_found: string[] };
  };

  beforeAll(async () => {
    fakes = await startScholarlyFakes();
    t = await createTestApp({ ...fakes.urls, MAIL_FROM: 'research@alpha.example.edu' });
    tenantId = (await makeTenant(t.db, 'Alpha University')).tenantId;
    otherTenantId = (await makeTenant(t.db, 'Beta Institute')).tenantId;
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  it('reads ORCID: works with their authors and citation counts, employments, educations, fundings', async () => {
    const me = await member(tenantId, 'Josiah');
    const noId = await post(me, { source: 'orcid' });
    expect(noId.status).toBe(400);
    expect((await noId.json()).message).toBe(
      'Please add your ORCID iD before importing from ORCID.',
    );
    const invalid = await t.request(
      `/api/v1/profiles/${me.id}/orcid`,
      jsonInit('PUT', { orcid: '0000-0002-1825-0098' }, me.cookie),
    );
    expect(invalid.status).toBe(400);
    await t.request(
      `/api/v1/profiles/${me.id}/orcid`,
      jsonInit('PUT', { orcid: RECORDED_ORCID }, me.cookie),
    );
    fakes.requests.length = 0;

    const { candidates, not_found } = await imported(await post(me, { source: 'orcid' }));
    expect(not_found).toEqual([]);
    const bySection = (section: string) =>
      candidates.filter((c) => c.section === section).map((c) => c.entry);
    expect(bySection('publications')).toEqual([
      {
        title: SILLY_STRING,
        authors: 'Josiah Carberry',
        year: 2008,
        citations: recordedCount('10.5555/12345678'),
        doi: '10.5555/12345678',
        venue: 'Journal of Psychoceramics',
        url: 'https://doi.org/10.5555/12345678',
      },
      {
        title: 'The Psychoceramics of Broken Teacups',
        authors: 'Josiah Carberry, Jane Q. Potter',
        year: 1995,
        citations: null,
        doi: null,
        venue: 'Studies in Cracked Pottery',
        url: null,
      },
    ]);
    expect(bySection('most_recent_experience')).toEqual([
      {
        title: 'Professor of Psychoceramics',
        organization: 'Brown University',
        employment_type: '',
        start_date: '1964-09-01',
        end_date: null,
        description: 'Psychoceramics',
      },
    ]);
    expect(bySection('education')).toEqual([
      {
        institution: 'Wesleyan University',
        degree: 'PhD',
        start_year: 1960,
        end_year: 1964,
        activities: 'Department of Psychoceramics',
      },
    ]);
    expect(bySection('grants')).toEqual([
      {
        organization: 'National Science Foundation',
        grant_number: 'PSY-1234567',
        title: 'The Cracked Pot: Fracture Patterns in Ancient Ceramics',
        description: '',
      },
    ]);
    // The record, the works' authors in one bulk call, and the counts in one list call.
    expect(fakes.requests.map((r) => `${r.source} ${r.url}`)).toEqual([
      `ORCID /v3.0/${RECORDED_ORCID}/record`,
      `ORCID /v3.0/${RECORDED_ORCID}/works/733536,733537`,
      'OpenAlex /works?filter=doi%3A10.5555%2F12345678&per-page=50&select=doi%2Ccited_by_count',
    ]);
    // A polite User-Agent naming the deployment and a contact (Crossref's and OpenAlex's etiquette).
    for (const request of fakes.requests) {
      expect(request.userAgent).toBe(
        `Kindling (+${t.deps.config.publicUrl}; mailto:research@alpha.example.edu)`,
      );
    }
  });

  it('resolves DOIs at Crossref once per tenant, lists the unknown ones, and re-imports without duplicates', async () => {
    const me = await member(tenantId, 'Dora');
    fakes.requests.length = 0;
    const first = await imported(
      await post(me, {
        source: 'doi',
        dois: [...RECORDED_DOIS.map((doi) => `https://doi.org/${doi.toUpperCase()}`), UNKNOWN_DOI],
      }),
    );
    expect(first.not_found).toEqual([UNKNOWN_DOI]);
    expect(first.candidates.map((c) => c.entry.doi)).toEqual(RECORDED_DOIS);
    expect(first.candidates.map((c) => c.entry.citations)).toEqual(
      RECORDED_DOIS.map(recordedCount),
    );
    expect(first.candidates[1]?.entry).toMatchObject({
      title: 'Observation of Gravitational Waves from a Binary Black Hole Merger',
      authors: 'B. P. Abbott, R. Abbott, LIGO Scientific Collaboration and Virgo Collaboration',
      year: 2016,
      venue: 'Physical Review Letters',
    });
    expect(fakes.requests.filter((r) => r.source === 'Crossref')).toHaveLength(4);
    expect(fakes.requests.filter((r) => r.source === 'OpenAlex')).toHaveLength(1);

    fakes.requests.length = 0;
    const again = await imported(await post(me, { source: 'doi', dois: RECORDED_DOIS }));
    expect(again.candidates.map((c) => c.id)).toEqual(first.candidates.map((c) => c.id));
    expect(fakes.requests.filter((r) => r.source === 'Crossref')).toEqual([]);
    expect(await waiting(me)).toHaveLength(RECORDED_DOIS.length);
  });

  it('remembers for a day that Crossref does not know a DOI, then asks again', async () => {
    const me = await member(tenantId, 'Uma');
    const crossrefAsked = () => fakes.requests.filter((r) => r.source === 'Crossref').length;
    const unknown = '10.5555/registered-tomorrow';
    fakes.requests.length = 0;
    expect((await imported(await post(me, { source: 'doi', dois: [unknown] }))).not_found).toEqual([
      unknown,
    ]);
    expect(crossrefAsked()).toBe(1);

    const again = await imported(await post(me, { source: 'doi', dois: [unknown] }));
    expect(again.not_found).toEqual([unknown]);
    expect(crossrefAsked()).toBe(1);

    // A day later, the DOI may have been registered since.
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx
        .update(doiWorks)
        .set({ resolvedAt: sql`${doiWorks.resolvedAt} - interval '25 hours'` })
        .where(eq(doiWorks.doi, unknown));
    });
    await imported(await post(me, { source: 'doi', dois: [unknown] }));
    expect(crossrefAsked()).toBe(2);
  });

  it('refuses bad DOI lists with the contract messages', async () => {
    const me = await member(tenantId, 'Bad');
    const dois = Array.from({ length: 51 }, (_, i) => `10.5555/${i}`);
    const tooMany = await post(me, { source: 'doi', dois });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('Please enter at most 50 DOIs.');
    const none = await post(me, { source: 'doi', dois: [] });
    expect(JSON.stringify(await none.json())).toContain('Please enter at least one DOI.');
    const notADoi = await post(me, { source: 'doi', dois: ['hello'] });
    expect(notADoi.status).toBe(400);
    expect(JSON.stringify(await notADoi.json())).toContain("'hello' is not a DOI.");
    expect((await post(me, { source: 'arxiv' })).status).toBe(400);
  });

  it('reads BibTeX and RIS files as plain text within the limits, and refuses other files', async () => {
    const me = await member(tenantId, 'Bib');
    const bib = await imported(await upload(me, 'library.bib', BIBTEX));
    expect(bib.candidates.map((c) => c.entry.title)).toEqual([
      'Molecular structure of Nucleic Acids: a structure for deoxyribose nucleic acid',
      "Tardigrade survival in Müller's vacuum chamber",
      expect.stringMatching(/^(Endless ){60,}.*…$/),
    ]);
    expect(bib.candidates[0]?.entry).toMatchObject({
      authors: 'J. D. Watson, F. H. C. Crick',
      doi: '10.1038/171737a0',
      citations: recordedCount('10.1038/171737a0'),
      venue: 'Nature',
      year: 1953,
    });
    expect(bib.candidates[1]?.entry.authors).toBe('Anna Müller, Kelechi Okonkwo');
    expect(String(bib.candidates[2]?.entry.title)).toHaveLength(500);

    const ris = await imported(await upload(me, 'library.ris', RIS));
    expect(ris.candidates.map((c) => c.entry)).toEqual([
      {
        title: 'Recherches sur les substances radioactives',
        authors: 'Marie Curie',
        year: 1903,
        citations: null,
        doi: null,
        venue: 'Annales de chimie et de physique',
        url: 'https://example.org/curie-1903',
      },
      expect.objectContaining({
        doi: '10.1103/physrevlett.116.061102',
        citations: recordedCount('10.1103/physrevlett.116.061102'),
      }),
    ]);

    const huge = await upload(me, 'huge.bib', new Uint8Array(2 * 1024 * 1024).fill(32));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe('The file must be at most 1 MiB.');
    const notBib = await upload(me, 'notes.bib', 'Just some notes, nothing to cite.');
    expect(notBib.status).toBe(400);
    expect((await notBib.json()).message).toBe('This file is not BibTeX or RIS.');
    const noFile = await t.request(`/api/v1/profiles/${me.id}/imports`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
  });

  it('marks candidates the profile already holds, by DOI or by folded title and year', async () => {
    const me = await member(tenantId, 'Dup');
    const saved = [
      {
        title: 'tóward a unified theory of high energy metaphysics  silly-string theory',
        year: 2008,
      },
      { title: 'Something else', year: 2000, doi: '10.1038/171737A0' },
    ];
    const put = await t.request(
      `/api/v1/profiles/${me.id}`,
      jsonInit(
        'PUT',
        { first_name: 'Dup', last_name: 'Scholar', bio: 'A bio.', publications: saved },
        me.cookie,
      ),
    );
    expect(put.status).toBe(200);
    const { candidates } = await imported(await post(me, { source: 'doi', dois: RECORDED_DOIS }));
    expect(candidates.map((c) => c.duplicate_of?.title ?? null)).toEqual([
      saved[0]?.title,
      null,
      'Something else',
    ]);
  });

  it('accepts into the section at once (people search finds it) and rejects without a trace', async () => {
    const me = await member(tenantId, 'Acc');
    const { candidates } = await imported(await upload(me, 'library.bib', BIBTEX));
    const [watson, tardigrade, endless] = candidates as [Candidate, Candidate, Candidate];
    const accepted = await decide(me, tardigrade.id, 'accept');
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).candidates.map((c: Candidate) => c.id)).toEqual([
      watson.id,
      endless.id,
    ]);
    expect((await profile(me)).publications).toEqual([tardigrade.entry]);
    const search = await t.request('/api/v1/users?q=tardigrade', {
      headers: { cookie: me.cookie },
    });
    expect((await search.json()).users.map((u: { id: number }) => u.id)).toContain(me.id);

    expect((await decide(me, endless.id, 'reject')).status).toBe(200);
    expect((await profile(me)).publications).toEqual([tardigrade.entry]);
    expect((await waiting(me)).map((c) => c.id)).toEqual([watson.id]);
    for (const decision of ['accept', 'reject'] as const) {
      const gone = await decide(me, endless.id, decision);
      expect(gone.status).toBe(404);
    }
  });

  it('keeps a section within its limit: publications hold 1,000 entries', async () => {
    const me = await member(tenantId, 'Full');
    const full = Array.from({ length: 1000 }, (_, i) => ({ title: `Paper ${i}`, year: 2000 }));
    await t.db.transaction(async (tx) => {
      await bindTenant(tx, tenantId);
      await tx.update(users).set({ publications: full }).where(eq(users.id, me.id));
    });
    const { candidates } = await imported(await upload(me, 'library.ris', RIS));
    const refused = await decide(me, (candidates[0] as Candidate).id, 'accept');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Publications must have at most 1000 entries.');
    expect(await waiting(me)).toHaveLength(2);
    expect((await profile(me)).publications).toHaveLength(1000);
  });

  it('lands two accepts sent at once', async () => {
    const me = await member(tenantId, 'Race');
    const { candidates } = await imported(await post(me, { source: 'doi', dois: RECORDED_DOIS }));
    const answers = await Promise.all(candidates.map((c) => decide(me, c.id, 'accept')));
    expect(answers.map((a) => a.status)).toEqual(candidates.map(() => 200));
    const dois = (await profile(me)).publications.map((p: { doi: string }) => p.doi);
    expect(dois.sort()).toEqual([...RECORDED_DOIS].sort());
    expect(await waiting(me)).toEqual([]);
  });

  it('answers 502 naming a source that fails or hangs, and writes nothing', async () => {
    const me = await member(tenantId, 'Down');
    expect(testConfig().scholarly.timeoutMs).toBe(10_000);
    const timeoutMs = t.deps.config.scholarly.timeoutMs;
    t.deps.config.scholarly.timeoutMs = 300;
    try {
      for (const [source, mode] of [
        ['Crossref', 'fail'],
        ['Crossref', 'hang'],
        ['OpenAlex', 'fail'],
        ['OpenAlex', 'hang'],
      ] as const) {
        fakes.modes[source] = mode;
        // A DOI never asked, so Crossref is asked whatever earlier imports left in the cache.
        const fresh = `10.5555/${source}-${mode}`;
        const res = await post(me, { source: 'doi', dois: ['10.1038/171737a0', fresh] });
        fakes.modes[source] = 'answer';
        expect(res.status, `${source} ${mode}`).toBe(502);
        const body = await res.json();
        expect(body.code).toBe('BAD_GATEWAY');
        expect(body.details).toEqual([{ field: 'source', error: source }]);
        expect(await waiting(me)).toEqual([]);
      }
      await t.request(
        `/api/v1/profiles/${me.id}/orcid`,
        jsonInit('PUT', { orcid: '0000-0002-1694-233X' }, me.cookie),
      );
      fakes.modes.ORCID = 'hang';
      const orcid = await post(me, { source: 'orcid' });
      fakes.modes.ORCID = 'answer';
      expect(orcid.status).toBe(502);
      expect((await orcid.json()).details).toEqual([{ field: 'source', error: 'ORCID' }]);
    } finally {
      t.deps.config.scholarly.timeoutMs = timeoutMs;
    }
  });

  it("is the owner's alone: 403 for another member's profile, 404 for another's candidate", async () => {
    const me = await member(tenantId, 'Owner');
    const colleague = await member(tenantId, 'Colleague');
    const stranger = await member(otherTenantId, 'Stranger');
    const { candidates } = await imported(await upload(me, 'library.ris', RIS));
    const cid = (candidates[0] as Candidate).id;
    for (const intruder of [colleague, stranger]) {
      expect((await post(intruder, { source: 'doi', dois: RECORDED_DOIS }, me.id)).status).toBe(
        403,
      );
      const list = await t.request(`/api/v1/profiles/${me.id}/imports`, {
        headers: { cookie: intruder.cookie },
      });
      expect(list.status).toBe(403);
      for (const decision of ['accept', 'reject'] as const) {
        expect((await decide(intruder, cid, decision, me.id)).status).toBe(403);
        expect((await decide(intruder, cid, decision)).status).toBe(404);
      }
    }
    expect((await waiting(me)).map((c) => c.id)).toContain(cid);
    expect((await profile(me)).publications).toEqual([]);
  });

  it('takes at most 30 imports an hour from a member', async () => {
    const me = await member(tenantId, 'Busy');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await post(me, { source: 'orcid' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
