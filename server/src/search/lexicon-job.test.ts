import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeTenant, makeUser } from '../../test/factories.ts';
import { queryRows } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { getJson, insertIdeas, type Member, makeMember, postIdea } from '../ideas/test-fixtures.ts';
import { countLexicon } from './lexicon-job.ts';

/** The nightly count of the search lexicon, and the terms it lets matching leave out. */
describe('the search lexicon count', () => {
  let t: TestApp;
  let tenantId: number;
  let other: number;
  let author: Member;
  let reader: Member;
  let idea: number;

  const lexicon = (tenant: number, words: string[]) =>
    inTenant(t.db, tenant, (tx) =>
      queryRows(
        tx,
        sql`select lexeme, docs from search_lexemes
            where tenant_id = ${tenant} and kind = 1 and lexeme = any(${sql.param(words)}::text[])
            order by lexeme`,
        z.strictObject({ lexeme: z.string(), docs: z.number().nullable() }),
      ),
    );
  const count = (tenant: number) => inTenant(t.db, tenant, (tx) => countLexicon(tx, tenant));

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenantId } = await makeTenant(t.db, 'Counting University'));
    ({ tenantId: other } = await makeTenant(t.db, 'Other University'));
    author = await makeMember(t, tenantId, { headline: 'Solid-state battery research' });
    reader = await makeMember(t, tenantId, { headline: 'Battery research and zeppelins' });
    // 30 ideas all about "research" (insertIdeas writes 'Research idea N' / 'Introduction N').
    await insertIdeas(t, tenantId, author.id, 30, { prefix: 'Research idea' });
    idea = await postIdea(t, author.cookie, {
      title: 'Battery research: a ceramic electrolyte',
      introduction: 'Solid electrolytes stop fires.',
    });
    await postIdea(t, reader.cookie, { title: 'Zeppelin mooring masts' });
    await makeUser(t.db, tenantId, { headline: 'Ceramic electrolyte chemist' });
    await insertIdeas(t, other, (await makeUser(t.db, other)).id, 3, { prefix: 'Research' });
  });
  afterAll(() => t.close());

  it('counts the documents holding each word, in its own tenant only', async () => {
    expect(await lexicon(tenantId, ['research', 'electrolyt'])).toEqual([
      { lexeme: 'electrolyt', docs: null },
      { lexeme: 'research', docs: null },
    ]);
    await count(tenantId);
    expect(await lexicon(tenantId, ['research', 'electrolyt', 'batteri'])).toEqual([
      { lexeme: 'batteri', docs: 1 },
      { lexeme: 'electrolyt', docs: 1 },
      { lexeme: 'research', docs: 31 },
    ]);
    expect(await lexicon(other, ['research'])).toEqual([{ lexeme: 'research', docs: null }]);
  });

  it('forgets a word no document holds any more, which the writes alone never did', async () => {
    const zeppelin = await postIdea(t, author.cookie, { title: 'Airship hangar doors' });
    await t.request(`/api/v1/ideas/${zeppelin}`, {
      method: 'DELETE',
      headers: { cookie: author.cookie },
    });
    expect(await lexicon(tenantId, ['airship', 'hangar'])).toHaveLength(2);
    await count(tenantId);
    expect(await lexicon(tenantId, ['airship', 'hangar', 'zeppelin'])).toEqual([
      { lexeme: 'zeppelin', docs: 1 },
    ]);
  });

  it('leaves out of an idea’s experts and of the recommended feed a word most ideas hold', async () => {
    await count(tenantId);
    const experts = await getJson(t, `/ideas/${idea}/experts`, reader.cookie);
    expect(experts.status).toBe(200);
    const matched = experts.body.users.flatMap((u: { matched_on: string[] }) => u.matched_on);
    expect(matched).toContain('electrolyte');
    expect(matched.map((w: string) => w.toLowerCase())).not.toContain('research');

    const feed = await getJson(t, '/recommendations/ideas?page_size=100', reader.cookie);
    const card = feed.body.ideas.find((c: { id: number }) => c.id === idea);
    expect(card.matched_interests).toEqual(['battery']);
  });
});
