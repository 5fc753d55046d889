import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant } from '../../test/factories.ts';
import { type Executor, queryRows } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { getJson, type Member, makeMember, postIdea } from '../ideas/test-fixtures.ts';
import { IDEAS, searchQuery } from './corpus.ts';

const rankedRow = z.strictObject({
  id: z.number(),
  rank: z.number(),
  total: z.number(),
  counted: z.string().nullable(),
});
type Ranked = z.output<typeof rankedRow>;

/** Decision 0063: a keyword list's total kept under the version of the tenant's postings. */
describe('keyword totals kept by version', () => {
  let t: TestApp;
  let tenantId: number;
  let pi: Member;

  const ranked = (
    db: Executor,
    q: string,
    window: { skip: number; take: number },
    kept: { counted: string | null; total: number } | null = null,
  ) =>
    queryRows(
      db,
      sql`select id, rank, total, counted
          from public.search_ideas_ranked(${searchQuery(IDEAS, q)}, 8, ${window.skip}::int,
            ${window.take}::int, ${kept?.counted ?? null}::text, ${kept?.total ?? null}::int)`,
      rankedRow,
    );
  const inPlace = <T>(work: (tx: Executor) => Promise<T>) => inTenant(t.db, tenantId, work);
  const keptOf = (rows: Ranked[]) => ({
    counted: rows[0]?.counted ?? null,
    total: rows[0]?.total ?? 0,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Bandicoot University'));
    pi = await makeMember(t, tenantId);
    // 30 ideas: 'quokka' in every title; 'numbat' in the even titles and the odd introductions;
    // 'wombat' in the first three titles; 'zorbit' in every third introduction, 'zorbix' in every
    // fifth (a typo of either, 'zorbiq', is widened to both).
    await inPlace((tx) =>
      queryRows(
        tx,
        sql`insert into ideas (tenant_id, title, introduction, principal_investigator_id)
            select ${tenantId},
                   concat_ws(' ', 'Quokka study', n, case when n <= 3 then 'wombat' end,
                             case when n % 2 = 0 then 'numbat' end),
                   concat_ws(' ', 'Field notes', case when n % 2 = 1 then 'numbat' end,
                             case when n % 3 = 0 then 'zorbit' end,
                             case when n % 5 = 0 then 'zorbix' end),
                   ${pi.id}
            from generate_series(1, 30) n order by n returning id`,
        z.strictObject({ id: z.number() }),
      ),
    );
  });
  afterAll(() => t.close());

  it('answers a kept total while nothing changed, with the rows counting gives', async () => {
    const queries = ['quokka numbat', 'numbat wombat', 'quokka zorbit', 'quokka', 'quokka zorbiq'];
    const windows = [
      { skip: 0, take: 5 },
      { skip: 5, take: 3 },
      { skip: 8, take: 10 },
    ];
    for (const q of queries) {
      const kept = keptOf(await inPlace((tx) => ranked(tx, q, { skip: 0, take: 5 })));
      expect(kept.counted, q).toEqual(expect.any(String));
      for (const window of windows) {
        const counted = await inPlace((tx) => ranked(tx, q, window));
        // The same rows when the total is kept, whichever way the candidates are found.
        expect(await inPlace((tx) => ranked(tx, q, window, kept)), `${q} ${window.skip}`).toEqual(
          counted,
        );
      }
    }
    // A total kept under the same version is answered, not counted again (a false one shows it);
    // a typo widened to two words is always grouped, and so counted.
    const window = { skip: 0, take: 5 };
    for (const [q, answered] of [
      ['quokka numbat', true],
      ['quokka', true],
      ['quokka zorbiq', false],
    ] as const) {
      const counted = await inPlace((tx) => ranked(tx, q, window));
      const kept = { counted: counted[0]?.counted ?? null, total: 999 };
      const again = await inPlace((tx) => ranked(tx, q, window, kept));
      expect(
        again.map((row) => row.id),
        q,
      ).toEqual(counted.map((row) => row.id));
      expect(again[0]?.total, q).toBe(answered ? 999 : counted[0]?.total);
    }
    // A kept total of none answers no rows at once.
    const none = await inPlace((tx) => ranked(tx, 'numbat wombat', window));
    const counted = none[0]?.counted ?? null;
    expect(
      await inPlace((tx) => ranked(tx, 'numbat wombat', window, { counted, total: 0 })),
    ).toEqual([]);
  });

  it('never answers a total kept before a change, nor keeps one inside the changing transaction', async () => {
    const window = { skip: 0, take: 5 };
    const before = await inPlace((tx) => ranked(tx, 'quokka numbat', window));
    const total = before[0]?.total ?? 0;
    const falseKept = { counted: before[0]?.counted ?? null, total: 999 };

    // A change that rolls back leaves the version: the kept total stands.
    await expect(
      inPlace(async (tx) => {
        await tx.execute(
          sql`insert into ideas (tenant_id, title, introduction, principal_investigator_id)
              values (${tenantId}, 'Quokka numbat rolled back', 'Gone', ${pi.id})`,
        );
        const inside = await ranked(tx, 'quokka numbat', window, falseKept);
        // Its own change counted, and nothing to keep.
        expect(inside[0]?.total).toBe(total + 1);
        expect(inside[0]?.counted).toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await inPlace((tx) => ranked(tx, 'quokka numbat', window, falseKept)))[0]?.total).toBe(
      999,
    );
    // A change that commits moves it: counted again.
    await postIdea(t, pi.cookie, { title: 'Quokka numbat posted' });
    const after = await inPlace((tx) => ranked(tx, 'quokka numbat', window, falseKept));
    expect(after[0]?.total).toBe(total + 1);
    expect(after[0]?.counted).not.toBe(falseKept.counted);

    // Through the API: the list's total follows a new idea at once, in the same process.
    const listed = async () =>
      (await getJson(t, '/ideas?q=quokka%20numbat&page_size=10', pi.cookie)).body as {
        total_pages: number;
        ideas: { id: number }[];
      };
    const count = async () =>
      (
        (await getJson(t, '/ideas/count?q=quokka%20numbat', pi.cookie)).body as {
          total_count: number;
        }
      ).total_count;
    await listed();
    const first = await listed();
    expect(first.total_pages).toBe(Math.ceil((total + 1) / 10));
    for (let n = 0; n < 10 - ((total + 1) % 10 || 10) + 1; n++) {
      await postIdea(t, pi.cookie, { title: `Quokka numbat ${n}` });
    }
    const grown = await count();
    expect((await listed()).total_pages).toBe(Math.ceil(grown / 10));
    expect(Math.ceil(grown / 10)).toBe(first.total_pages + 1);
  });
});
