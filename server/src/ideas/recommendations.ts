/**
 * The recommended feed (docs/decisions/0010-recommended-feed.md): a bounded pool of candidate ideas
 * drawn from a few index-backed sources, scored in SQL by what the member shares with each idea.
 * Three statements whatever the page: the member's signals and their ranked pool (both skipped
 * while the ranking is cached), then the page's cards.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { sameTenant } from '../db/schema-tenants.ts';
import { ideaLexicon, tooCommon } from '../search/lexicon.ts';
import { onlyAsPrefix } from '../search/prefixes.ts';
import { writtenWords } from '../search/words.ts';
import { anyId, summaryColumns, summaryJoins, summaryRow } from './idea-rows.ts';
import type { InterestWord, RankedIdea } from './ranking-cache.ts';

/** What the ranking knows about the member. */
export interface MemberSignals {
  schoolId: number | null;
  departmentId: number | null;
  /**
   * OR of the profile's most telling lexemes, as tsquery text, never a prefix the member only writes
   * before a hyphen (search/prefixes.ts); null when the profile is empty.
   */
  query: string | null;
  /** Each of those lexemes with the word that first gave it, as the member wrote it. */
  words: InterestWord[];
  /** Support types of the ideas they follow, each with the share of those ideas seeking it. */
  supports: { id: number; share: number }[];
}

/** How many of each source's newest ideas enter the pool; the pool bounds the feed's cost. */
export const SOURCE_LIMITS = {
  recent: 400,
  department: 200,
  school: 200,
  supports: 200,
  text: 300,
} as const;

/**
 * How far back the support and text sources look. Both walk ideas newest first and test each: the
 * support index has no dates to order by, and `@@` cannot use an index under row-level security
 * (it is not leakproof). The window bounds the walk when few ideas match.
 */
const SCAN_WINDOW = 5000;

const TERMS = 24;
const OWN_IDEAS_READ = 20;
const FOLLOWS_READ = 200;

const signalsRow = z.strictObject({
  school_id: z.number().nullable(),
  department_id: z.number().nullable(),
  query: z.string().nullable(),
  words: z.array(z.strictObject({ lexeme: z.string(), word: z.string() })),
  supports: z.array(z.strictObject({ id: z.number(), share: z.number() })),
});

export async function memberSignals(
  db: Executor,
  tenantId: number,
  userId: number,
): Promise<MemberSignals> {
  const [row] = await queryRows(
    db,
    sql`with me as (
          select school_id, department_id, headline,
                 regexp_replace(bio, '<[^>]*>|&[[:alnum:]#]+;', ' ', 'g') as bio
          from users where tenant_id = ${tenantId} and id = ${userId}),
        own as (
          select coalesce(string_agg(title || ' ' || introduction, ' '), '') as body
          from (select title, introduction from ideas
                where tenant_id = ${tenantId} and principal_investigator_id = ${userId}
                order by created_at desc limit ${OWN_IDEAS_READ}) x),
        -- Built once: inlined, the prefix check would build the document again.
        profile as materialized (
          select setweight(to_tsvector('english'::regconfig, me.headline), 'A')
                 || to_tsvector('english'::regconfig, me.bio)
                 || to_tsvector('english'::regconfig, own.body) as doc
          from me, own),
        terms as (
          select w.lexeme from profile, unnest(profile.doc) w
          left join lateral (${ideaLexicon(tenantId, sql`w.lexeme`)}) l on true
          where w.lexeme ~ '^[[:alpha:]][[:alnum:]]{2,}$'
            and l.known and not ${tooCommon(tenantId, sql`w.lexeme`)}
            and not ${onlyAsPrefix(sql`profile.doc`, sql`w.lexeme`, sql`w.positions`)}
          order by ('A' = any(w.weights)) desc, cardinality(w.positions) desc, w.lexeme
          limit ${TERMS}),
        followed as (
          select f.idea_id from follows f
          where f.tenant_id = ${tenantId} and f.user_id = ${userId}
          order by f.created_at desc limit ${FOLLOWS_READ}),
        supports as (
          select s.support_id as id,
                 count(*)::float8 / (select count(*) from followed) as share
          from followed f
          join idea_supports s on s.tenant_id = ${tenantId} and s.idea_id = f.idea_id
          group by s.support_id)
        select me.school_id, me.department_id,
          (select string_agg(lexeme, ' | ') from terms) as query,
          ${writtenWords(
            sql`'english'::regconfig`,
            sql`concat_ws(' ', me.headline, me.bio, own.body)`,
            sql`select lexeme from terms`,
          )} as words,
          coalesce((select json_agg(json_build_object('id', id, 'share', share) order by id)
                    from supports), '[]'::json) as supports
        from me, own`,
    signalsRow,
  );
  return {
    schoolId: row?.school_id ?? null,
    departmentId: row?.department_id ?? null,
    query: row?.query ?? null,
    words: row?.words ?? [],
    supports: row?.supports ?? [],
  };
}

const newest = (limit: number) => sql`order by i.created_at desc, i.id desc limit ${limit}`;

/** Each source is one index walk cut at its limit (or window); their union is the pool. */
function candidatePool(tenantId: number, userId: number, signals: MemberSignals): SQL {
  const others = sql`i.tenant_id = ${tenantId} and i.principal_investigator_id <> ${userId}`;
  const sources = [
    sql`(select i.id from ideas i where i.tenant_id = ${tenantId} ${newest(SOURCE_LIMITS.recent)})`,
  ];
  if (signals.departmentId !== null) {
    sources.push(sql`(select i.id from ideas i
      where ${others} and i.pi_department_id = ${signals.departmentId}
      ${newest(SOURCE_LIMITS.department)})`);
  }
  if (signals.schoolId !== null) {
    sources.push(sql`(select i.id from ideas i
      where ${others} and i.pi_school_id = ${signals.schoolId}
      ${newest(SOURCE_LIMITS.school)})`);
  }
  const window = sql`(select id, created_at, principal_investigator_id, search_vector from ideas
    where tenant_id = ${tenantId} order by created_at desc, id desc limit ${SCAN_WINDOW}) i`;
  const othersInWindow = sql`i.principal_investigator_id <> ${userId}`;
  if (signals.supports.length) {
    sources.push(sql`(select i.id from ${window}
      where ${othersInWindow} and exists (select 1 from idea_supports s
        where s.tenant_id = ${tenantId} and s.idea_id = i.id
          and s.support_id ${anyId(signals.supports.map((s) => s.id))})
      ${newest(SOURCE_LIMITS.supports)})`);
  }
  if (signals.query) {
    sources.push(sql`(select i.id from ${window}
      where ${othersInWindow} and i.search_vector @@ ${signals.query}::tsquery
      ${newest(SOURCE_LIMITS.text)})`);
  }
  return sql.join(sources, sql` union `);
}

/** Recency decays by e every 30 days: it halves in about three weeks. */
const SECONDS_PER_MONTH = 2_592_000;

/** The score of idea `i`; the weights are the decision record's. */
function score(signals: MemberSignals): SQL {
  const terms = [
    // Clamped: exp() of a very old idea's age would underflow, which PostgreSQL reports as an error.
    sql`2 * exp(-least(50, greatest(0, extract(epoch from now() - i.created_at)::float8) / ${SECONDS_PER_MONTH}))`,
  ];
  if (signals.departmentId !== null) {
    terms.push(sql`case when i.pi_department_id = ${signals.departmentId} then 2 else 0 end`);
  }
  if (signals.schoolId !== null) {
    terms.push(sql`case when i.pi_school_id = ${signals.schoolId} then 1.5 else 0 end`);
  }
  if (signals.supports.length) {
    const shares = sql.join(
      signals.supports.map((s) => sql`(${s.id}::int, ${s.share}::float8)`),
      sql`, `,
    );
    terms.push(sql`2 * coalesce((select max(fs.share) from idea_supports s
      join (values ${shares}) fs(support_id, share) on fs.support_id = s.support_id
      where ${sameTenant('s.idea_id', 'i.id')}), 0)`);
  }
  if (signals.query) {
    const rank = sql`ts_rank(i.search_vector, ${signals.query}::tsquery)`;
    terms.push(sql`3 * ${rank} / (${rank} + 0.1)`);
  }
  return sql.join(terms, sql` + `);
}

/**
 * The member's whole ranked pool, their own ideas last: ids only, a few thousand bytes, so that
 * its pages can be read from it for a while (ranking-cache.ts).
 */
export function rankedPool(
  db: Executor,
  tenantId: number,
  userId: number,
  signals: MemberSignals,
): Promise<RankedIdea[]> {
  return queryRows(
    db,
    sql`with pool as (${candidatePool(tenantId, userId, signals)}),
        scored as (
          select i.id, i.created_at, i.principal_investigator_id = ${userId} as own,
                 ${score(signals)} as score
          from pool c
          join ideas i on i.tenant_id = ${tenantId} and i.id = c.id)
        select id, own from scored
        order by own, score desc, created_at desc, id desc`,
    z.strictObject({ id: z.number(), own: z.boolean() }),
  );
}

/** A card of the recommended feed: which of the member's lexemes its idea holds. */
const recommendedRow = summaryRow.extend({ matched: z.array(z.string()) });
export type RecommendedRow = z.output<typeof recommendedRow>;

/**
 * The cards of these ideas, in the order given, each with the lexemes of `interests` it holds;
 * ideas deleted since are left out.
 */
export function ideaCards(
  db: Executor,
  tenantId: number,
  viewerId: number,
  ids: number[],
  interests: InterestWord[],
): Promise<RecommendedRow[]> {
  return queryRows(
    db,
    sql`select ${summaryColumns(tenantId, viewerId)},
          array(select lx from unnest(${sql.param(interests.map((w) => w.lexeme))}::text[])
                  with ordinality as m(lx, k)
                where lx = any(tsvector_to_array(i.search_vector)) order by m.k) as matched
        from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, n)
        join ideas i on i.tenant_id = ${tenantId} and i.id = p.id
        ${summaryJoins}
        order by p.n`,
    recommendedRow,
  );
}
