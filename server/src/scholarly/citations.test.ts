import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveAccount,
  jsonInit,
  makeTenant,
  makeUser,
  sessionCookie,
} from '../../test/factories.ts';
import { startOpenAlex } from '../../test/fakes/openalex.ts';
import { doiWorks } from '../db/schema-scholarly.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { CALLS_PER_RUN, citationRefreshJob } from './citations.ts';

const publication = (doi: string | null, citations: number | null, year = 2020) => ({
  title: `Work ${doi ?? 'without a DOI'}`,
  authors: 'M. Curie',
  year,
  citations,
  doi,
  venue: 'Annales de physique',
  url: null,
});

/**
 * CONTRACT §10: citation counts of publications with a DOI come from OpenAlex, asked 50 DOIs a
 * call by the scheduler's refresh, and replace any typed count; a failing OpenAlex changes nothing.
 */
describe('the weekly refresh of citation counts', () => {
  let t: TestApp;
  let openalex: Awaited<ReturnType<typeof startOpenAlex>>;
  // Weeks in the past, so that moving it on never outlives the sessions (they end by the real clock).
  const today = new Date();
  let clock = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 21, 4),
  );

  beforeAll(async () => {
    openalex = await startOpenAlex();
    t = await createTestApp({ OPENALEX_API_URL: openalex.url });
    t.deps.now = () => clock;
  });
  afterAll(async () => {
    await t.close();
    await openalex.close();
  });

  /** A tenant whose members hold these publications; its DOIs are its own, by prefix. */
  async function tenantWith(...members: ReturnType<typeof publication>[][]) {
    const { tenantId } = await makeTenant(t.db);
    const ids: number[] = [];
    for (const publications of members) {
      const { id } = await makeUser(t.db, tenantId, { publications });
      await giveAccount(t.db, tenantId, id);
      ids.push(id);
    }
    return { tenantId, ids };
  }

  const profile = async (tenantId: number, userId: number) => {
    const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenantId, userId);
    return (await t.request(`/api/v1/profiles/${userId}`, { headers: { cookie } })).json();
  };

  /** The calls to OpenAlex that asked for DOIs under this prefix. */
  const callsFor = (prefix: string) =>
    openalex.calls.filter((url) => url.searchParams.get('filter')?.includes(prefix));

  const nextDay = () => {
    clock = new Date(clock.getTime() + 24 * 3_600_000);
  };

  it('replaces typed counts with OpenAlex’s, so the total follows; unknown DOIs keep theirs', async () => {
    openalex.counts.set('10.1000/a.1', 120);
    openalex.counts.set('10.1000/a.2', 7);
    const { tenantId, ids } = await tenantWith(
      [publication('10.1000/a.1', 3, 1998), publication(null, 40, 1995)],
      [
        publication('10.1000/a.1', null),
        publication('10.1000/a.2', 1),
        publication('10.1000/a.3', 5),
      ],
    );
    await t.scheduler.tick();

    const [marie, pierre] = [
      await profile(tenantId, ids[0] ?? 0),
      await profile(tenantId, ids[1] ?? 0),
    ];
    expect(marie.publications.map((p: { citations: number }) => p.citations)).toEqual([120, 40]);
    expect(marie).toMatchObject({ total_citations: 160, oldest_publication_year: 1995 });
    expect(pierre.publications.map((p: { citations: number }) => p.citations)).toEqual([120, 7, 5]);
    expect(pierre.total_citations).toBe(132);
    expect(callsFor('10.1000/a.')).toHaveLength(1);
    const call = callsFor('10.1000/a.')[0];
    expect(call?.searchParams.get('per-page')).toBe('50');
    expect(call?.searchParams.get('filter')?.split('|').sort()).toEqual(
      ['doi:10.1000/a.1', '10.1000/a.2', '10.1000/a.3'].sort(),
    );

    // The same day again, and the next: counts are a day old, so nothing is asked.
    await t.scheduler.tick();
    nextDay();
    await t.scheduler.tick();
    expect(callsFor('10.1000/a.')).toHaveLength(1);
    // A week on, the counts are asked again.
    clock = new Date(clock.getTime() + 7 * 24 * 3_600_000);
    openalex.counts.set('10.1000/a.2', 8);
    await t.scheduler.tick();
    expect(callsFor('10.1000/a.')).toHaveLength(2);
    expect((await profile(tenantId, ids[1] ?? 0)).total_citations).toBe(133);
  });

  it('asks 50 DOIs a call: 120 DOIs are three calls', async () => {
    const dois = Array.from({ length: 120 }, (_, i) => `10.1000/b.${i}`);
    for (const doi of dois) openalex.counts.set(doi, 2);
    const { tenantId, ids } = await tenantWith(dois.map((doi) => publication(doi, null)));
    nextDay();
    await t.scheduler.tick();
    expect(callsFor('10.1000/b.')).toHaveLength(3);
    expect((await profile(tenantId, ids[0] ?? 0)).total_citations).toBe(240);
  });

  it('bounds the calls of one run; the rest are asked the next day, the never-asked first', async () => {
    const dois = Array.from({ length: CALLS_PER_RUN * 50 + 10 }, (_, i) => `10.1000/c.${i}`);
    const { ids, tenantId } = await tenantWith(dois.map((doi) => publication(doi, null)));
    nextDay();
    await t.scheduler.tick();
    expect(callsFor('10.1000/c.')).toHaveLength(CALLS_PER_RUN);
    nextDay();
    await t.scheduler.tick();
    expect(callsFor('10.1000/c.')).toHaveLength(CALLS_PER_RUN + 1);
    expect(ids).toHaveLength(1);
    const counted = await inTenant(t.db, tenantId, (tx) =>
      tx.select({ doi: doiWorks.doi }).from(doiWorks).where(eq(doiWorks.tenantId, tenantId)),
    );
    expect(counted).toHaveLength(dois.length);
  });

  it('leaves the previous counts when OpenAlex fails, and asks again the next day', async () => {
    openalex.counts.set('10.1000/d.1', 50);
    const { tenantId, ids } = await tenantWith([publication('10.1000/d.1', 4)]);
    openalex.state.mode = 'failing';
    nextDay();
    await t.scheduler.tick();
    openalex.state.mode = 'up';
    expect(callsFor('10.1000/d.')).toHaveLength(1);
    expect((await profile(tenantId, ids[0] ?? 0)).total_citations).toBe(4);
    const stored = await inTenant(t.db, tenantId, (tx) =>
      tx.select().from(doiWorks).where(eq(doiWorks.tenantId, tenantId)),
    );
    expect(stored).toEqual([]);
    nextDay();
    await t.scheduler.tick();
    expect((await profile(tenantId, ids[0] ?? 0)).total_citations).toBe(50);
  });

  it('refreshes once when two processes look at the same moment', async () => {
    openalex.counts.set('10.1000/e.1', 9);
    const { tenantId, ids } = await tenantWith([publication('10.1000/e.1', null)]);
    nextDay();
    const processes = [0, 1].map(
      () => new Scheduler(t.deps, { tenant: [citationRefreshJob(t.deps)], deployment: [] }, 60_000),
    );
    await Promise.all(processes.map((p) => p.tick()));
    expect(callsFor('10.1000/e.')).toHaveLength(1);
    expect((await profile(tenantId, ids[0] ?? 0)).total_citations).toBe(9);
  });

  it('uses a count already known when a member saves a DOI, in their tenant only', async () => {
    openalex.counts.set('10.1000/f.1', 31);
    const { tenantId } = await tenantWith([publication('10.1000/f.1', null)]);
    nextDay();
    await t.scheduler.tick();
    const save = async (tenant: number) => {
      const { id } = await makeUser(t.db, tenant);
      await giveAccount(t.db, tenant, id);
      const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenant, id);
      const answer = await t.request(
        `/api/v1/profiles/${id}`,
        jsonInit(
          'PUT',
          {
            first_name: 'Irène',
            last_name: 'Joliot-Curie',
            bio: '<p>Chemist.</p>',
            publications: [publication('https://doi.org/10.1000/F.1', 2), publication(null, 6)],
          },
          cookie,
        ),
      );
      expect(answer.status).toBe(200);
      return (await answer.json()).profile;
    };
    const here = await save(tenantId);
    expect(here.publications[0]).toMatchObject({ doi: '10.1000/f.1', citations: 31 });
    expect(here.total_citations).toBe(37);
    // Another tenant's cache is not this one's: the typed count stays until its own refresh.
    const { tenantId: elsewhere } = await makeTenant(t.db);
    expect((await save(elsewhere)).total_citations).toBe(8);
    const other = await inTenant(t.db, elsewhere, (tx) =>
      tx
        .select()
        .from(doiWorks)
        .where(and(eq(doiWorks.tenantId, elsewhere), eq(doiWorks.doi, '10.1000/f.1'))),
    );
    expect(other).toEqual([]);
  });
});
