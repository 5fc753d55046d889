import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { jsonInit } from '../../test/factories.ts';
import {
  RECORDED_DOIS,
  RECORDED_ORCID,
  recordedCount,
} from '../../test/fakes/scholarly-sources.ts';
import { doiWorks } from '../db/schema-scholarly.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { BIBTEX, type ImportsWorld, importsWorld, RIS } from './test-fixtures.ts';

const SILLY_STRING = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';
const UNKNOWN_DOI = '10.5555/not-registered';

describe('scholarly imports (CONTRACT §10): reading the sources', () => {
  let w: ImportsWorld;

  beforeAll(async () => {
    w = await importsWorld();
  });
  afterAll(() => w.close());

  it('reads ORCID: works with their authors and citation counts, employments, educations, fundings', async () => {
    const me = await w.member(w.tenantId, 'Josiah');
    const noId = await w.post(me, { source: 'orcid' });
    expect(noId.status).toBe(400);
    expect((await noId.json()).message).toBe(
      'Please add your ORCID iD before importing from ORCID.',
    );
    const invalid = await w.t.request(
      `/api/v1/profiles/${me.id}/orcid`,
      jsonInit('PUT', { orcid: '0000-0002-1825-0098' }, me.cookie),
    );
    expect(invalid.status).toBe(400);
    await w.t.request(
      `/api/v1/profiles/${me.id}/orcid`,
      jsonInit('PUT', { orcid: RECORDED_ORCID }, me.cookie),
    );
    w.fakes.requests.length = 0;

    const { candidates, not_found } = await w.imported(await w.post(me, { source: 'orcid' }));
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
    expect(w.fakes.requests.map((r) => `${r.source} ${r.url}`)).toEqual([
      `ORCID /v3.0/${RECORDED_ORCID}/record`,
      `ORCID /v3.0/${RECORDED_ORCID}/works/733536,733537`,
      'OpenAlex /works?filter=doi%3A10.5555%2F12345678&per-page=50&select=doi%2Ccited_by_count',
    ]);
    // A polite User-Agent naming the deployment and a contact (Crossref's and OpenAlex's etiquette).
    for (const request of w.fakes.requests) {
      expect(request.userAgent).toBe(
        `Kindling (+${w.t.deps.config.publicUrl}; mailto:research@alpha.example.edu)`,
      );
    }
  });

  it('resolves DOIs at Crossref once per tenant, lists the unknown ones, and re-imports without duplicates', async () => {
    const me = await w.member(w.tenantId, 'Dora');
    w.fakes.requests.length = 0;
    const first = await w.imported(
      await w.post(me, {
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
    expect(w.fakes.requests.filter((r) => r.source === 'Crossref')).toHaveLength(4);
    expect(w.fakes.requests.filter((r) => r.source === 'OpenAlex')).toHaveLength(1);

    w.fakes.requests.length = 0;
    const again = await w.imported(await w.post(me, { source: 'doi', dois: RECORDED_DOIS }));
    expect(again.candidates.map((c) => c.id)).toEqual(first.candidates.map((c) => c.id));
    expect(w.fakes.requests.filter((r) => r.source === 'Crossref')).toEqual([]);
    expect(await w.waiting(me)).toHaveLength(RECORDED_DOIS.length);
  });

  it('remembers for a day that Crossref does not know a DOI, then asks again', async () => {
    const me = await w.member(w.tenantId, 'Uma');
    const crossrefAsked = () => w.fakes.requests.filter((r) => r.source === 'Crossref').length;
    const unknown = '10.5555/registered-tomorrow';
    w.fakes.requests.length = 0;
    expect(
      (await w.imported(await w.post(me, { source: 'doi', dois: [unknown] }))).not_found,
    ).toEqual([unknown]);
    expect(crossrefAsked()).toBe(1);

    const again = await w.imported(await w.post(me, { source: 'doi', dois: [unknown] }));
    expect(again.not_found).toEqual([unknown]);
    expect(crossrefAsked()).toBe(1);

    // A day later, the DOI may have been registered since.
    await w.t.db.transaction(async (tx) => {
      await bindTenant(tx, w.tenantId);
      await tx
        .update(doiWorks)
        .set({ resolvedAt: sql`${doiWorks.resolvedAt} - interval '25 hours'` })
        .where(eq(doiWorks.doi, unknown));
    });
    await w.imported(await w.post(me, { source: 'doi', dois: [unknown] }));
    expect(crossrefAsked()).toBe(2);
  });

  it('refuses bad DOI lists with the contract messages', async () => {
    const me = await w.member(w.tenantId, 'Bad');
    const dois = Array.from({ length: 51 }, (_, i) => `10.5555/${i}`);
    const tooMany = await w.post(me, { source: 'doi', dois });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('Please enter at most 50 DOIs.');
    const none = await w.post(me, { source: 'doi', dois: [] });
    expect(JSON.stringify(await none.json())).toContain('Please enter at least one DOI.');
    const notADoi = await w.post(me, { source: 'doi', dois: ['hello'] });
    expect(notADoi.status).toBe(400);
    expect(JSON.stringify(await notADoi.json())).toContain("'hello' is not a DOI.");
    expect((await w.post(me, { source: 'arxiv' })).status).toBe(400);
  });

  it('reads BibTeX and RIS files as plain text within the limits, and refuses other files', async () => {
    const me = await w.member(w.tenantId, 'Bib');
    const bib = await w.imported(await w.upload(me, 'library.bib', BIBTEX));
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

    const ris = await w.imported(await w.upload(me, 'library.ris', RIS));
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

    const huge = await w.upload(me, 'huge.bib', new Uint8Array(2 * 1024 * 1024).fill(32));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe('The file must be at most 1 MiB.');
    const notBib = await w.upload(me, 'notes.bib', 'Just some notes, nothing to cite.');
    expect(notBib.status).toBe(400);
    expect((await notBib.json()).message).toBe('This file is not BibTeX or RIS.');
    const noFile = await w.t.request(`/api/v1/profiles/${me.id}/imports`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
  });

  it('answers 502 naming a source that fails or hangs, and writes nothing', async () => {
    const me = await w.member(w.tenantId, 'Down');
    expect(testConfig().scholarly.timeoutMs).toBe(10_000);
    const timeoutMs = w.t.deps.config.scholarly.timeoutMs;
    w.t.deps.config.scholarly.timeoutMs = 300;
    try {
      for (const [source, mode] of [
        ['Crossref', 'fail'],
        ['Crossref', 'hang'],
        ['OpenAlex', 'fail'],
        ['OpenAlex', 'hang'],
      ] as const) {
        w.fakes.modes[source] = mode;
        // A DOI never asked, so Crossref is asked whatever earlier imports left in the cache.
        const fresh = `10.5555/${source}-${mode}`;
        const res = await w.post(me, { source: 'doi', dois: ['10.1038/171737a0', fresh] });
        w.fakes.modes[source] = 'answer';
        expect(res.status, `${source} ${mode}`).toBe(502);
        const body = await res.json();
        expect(body.code).toBe('BAD_GATEWAY');
        expect(body.details).toEqual([{ field: 'source', error: source }]);
        expect(await w.waiting(me)).toEqual([]);
      }
      await w.t.request(
        `/api/v1/profiles/${me.id}/orcid`,
        jsonInit('PUT', { orcid: '0000-0002-1694-233X' }, me.cookie),
      );
      w.fakes.modes.ORCID = 'hang';
      const orcid = await w.post(me, { source: 'orcid' });
      w.fakes.modes.ORCID = 'answer';
      expect(orcid.status).toBe(502);
      expect((await orcid.json()).details).toEqual([{ field: 'source', error: 'ORCID' }]);
    } finally {
      w.t.deps.config.scholarly.timeoutMs = timeoutMs;
    }
  });
});
