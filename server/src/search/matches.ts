/**
 * Experts for an idea and ideas like it (CONTRACT §7): the idea's most telling words become an OR
 * query; members' profiles and other ideas are scored by the words they hold from the postings,
 * and only the best few hundred are read (decision 0052). Two statements: the idea's terms, then
 * the ranked matches with their cards.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { idRow } from '../db/rows.ts';
import { memberPlaceJoins } from '../db/user-joins.ts';
import { type SummaryRow, summaryColumns, summaryJoins, summaryRow } from '../ideas/idea-rows.ts';
import { cardColumns, personCardRow } from '../people/keyword.ts';
import { IDEAS, PEOPLE } from './corpus.ts';
import { tooCommon } from './lexicon.ts';
import { onlyAsPrefix } from './prefixes.ts';
import { writtenWords } from './words.ts';

/** How many of the idea's lexemes make its query. */
const TERMS = 12;

const ideaTermsRow = z.strictObject({
  principalInvestigatorId: z.number(),
  caseManagerId: z.number().nullable(),
  /** The OR tsquery of the idea's terms, as text; null when the idea has no word to match. */
  query: z.string().nullable(),
  /**
   * Each term's lexeme and the word that first gave it in the idea, as written there; empty unless
   * asked for.
   */
  words: z.array(z.strictObject({ lexeme: z.string(), word: z.string() })),
});
export type IdeaTerms = z.output<typeof ideaTermsRow>;

/**
 * The idea's terms: its words of three letters or more from the title first, then the
 * introduction, then problem and opportunity, most repeated first; never a word so common among
 * the tenant's ideas or profiles that it tells nothing (lexicon.ts), nor a prefix the idea only
 * writes before a hyphen ("non" of "non-invasive", prefixes.ts). Null when there is no such
 * idea. The words as written only when `words` asks: similar ideas show none, and finding them
 * parses the idea's whole text (half the statement's time).
 */
export async function ideaTerms(
  db: Executor,
  tenantId: number,
  ideaId: number,
  { words }: { words: boolean },
): Promise<IdeaTerms | null> {
  const [row] = await queryRows(
    db,
    sql`with idea as (
          select i.principal_investigator_id, i.case_manager_id, i.search_doc,
                 concat_ws(' ', i.title, i.introduction, i.problem, i.opportunity) as body
          from ideas i where i.tenant_id = ${tenantId} and i.id = ${ideaId}),
        terms as (
          select w.lexeme from idea, unnest(idea.search_doc) w
          where w.lexeme ~ '^[[:alpha:]]{3,}$' and w.weights && array['A', 'B', 'C']
            and not ${tooCommon(tenantId, sql`w.lexeme`)}
            and not ${onlyAsPrefix(sql`idea.search_doc`, sql`w.lexeme`, sql`w.positions`)}
          order by case when 'A' = any(w.weights) then 0 when 'B' = any(w.weights) then 1 else 2 end,
                   cardinality(w.positions) desc, w.lexeme
          limit ${sql.raw(String(TERMS))})
        select idea.principal_investigator_id as "principalInvestigatorId",
               idea.case_manager_id as "caseManagerId",
               (select string_agg('''' || lexeme || '''', ' | ') from terms) as query,
               ${
                 words
                   ? writtenWords(
                       sql`'public.kindling'::regconfig`,
                       sql`idea.body`,
                       sql`select lexeme from terms`,
                     )
                   : sql`'[]'::json`
               } as words
        from idea`,
    ideaTermsRow,
  );
  return row ?? null;
}

/**
 * The 200 documents of `corpus` best scored by the idea's terms they hold, weighted by rarity and
 * heading, read index-only from the postings (migration 0026) as (id, score); never those in
 * `excluded`. Kind 2's postings are active members' only. Callers read each one's row by its key
 * in a subquery: joined, a small tenant's plan hashed the whole table to rank 200 rows.
 */
const related = (corpus: typeof IDEAS | typeof PEOPLE, query: string, excluded: number[]) =>
  sql`public.search_related(${corpus}::smallint, ${query}::tsquery, ${sql.param(excluded)}::int[])`;

const lexemesOf = (terms: IdeaTerms) => sql.param(terms.words.map((w) => w.lexeme));

/** Which of the idea's terms the document `doc` holds. */
const matchedTerms = (terms: IdeaTerms, doc: SQL) =>
  sql`array(select lx from unnest(${lexemesOf(terms)}::text[]) lx
            where ${doc} @@ ('''' || lx || '''')::tsquery)`;

const expertRow = personCardRow.extend({ matched: z.array(z.string()) });
export type ExpertRow = z.output<typeof expertRow>;

/**
 * Active members best matching the terms, never the idea's principal investigator or case
 * manager: by score, then by `ts_rank_cd` of their profile among the 200; each with the terms
 * their profile holds. The viewer is left to the caller, so that one ranking serves every viewer
 * (search/service.ts keeps it).
 */
export function expertsFor(
  db: Executor,
  tenantId: number,
  terms: IdeaTerms & { query: string },
  limit: number,
): Promise<ExpertRow[]> {
  const excluded = [terms.principalInvestigatorId, terms.caseManagerId].flatMap((id) => id ?? []);
  return queryRows(
    db,
    sql`with found as (
          select s.id, s.score,
                 (select ts_rank_cd(u.search_doc, ${terms.query}::tsquery) from users u
                  where u.tenant_id = ${tenantId} and u.id = s.id) as rank
          from ${related(PEOPLE, terms.query, excluded)} s
          order by s.score desc, rank desc, s.id limit ${sql.raw(String(limit))})
        select ${cardColumns}, ${matchedTerms(terms, sql`u.search_doc`)} as matched
        from found f
        join users u on u.tenant_id = ${tenantId} and u.id = f.id
        ${memberPlaceJoins}
        order by f.score desc, f.rank desc, f.id`,
    expertRow,
  );
}

/**
 * Kept experts read again: the cards of those of `ids` still active, never the viewer, in the
 * order given, each with the terms their profile holds now.
 */
export function expertCards(
  db: Executor,
  tenantId: number,
  viewerId: number,
  terms: IdeaTerms,
  ids: number[],
  limit: number,
): Promise<ExpertRow[]> {
  return queryRows(
    db,
    sql`select ${cardColumns}, ${matchedTerms(terms, sql`u.search_doc`)} as matched
        from unnest(${sql.param(ids)}::int[]) with ordinality as k(id, n)
        join users u on u.tenant_id = ${tenantId} and u.id = k.id
        ${memberPlaceJoins}
        where u.id <> ${viewerId}
          and public.member_is_active(u.admin_status_id, u.user_status_id, u.is_disabled)
        order by k.n limit ${sql.raw(String(limit))}`,
    expertRow,
  );
}

/** Whether the idea is there (kept experts are read without its terms). */
export async function ideaExists(db: Executor, tenantId: number, ideaId: number) {
  const rows = await queryRows(
    db,
    sql`select i.id from ideas i where i.tenant_id = ${tenantId} and i.id = ${ideaId}`,
    idRow,
  );
  return rows.length > 0;
}

/** The ideas closest to the terms, never the idea itself: by score, then by `ts_rank_cd`. */
export function similarTo(
  db: Executor,
  tenantId: number,
  viewerId: number,
  ideaId: number,
  query: string,
  limit: number,
): Promise<SummaryRow[]> {
  return queryRows(
    db,
    sql`with found as (
          select s.id, s.score,
                 (select ts_rank_cd(i.search_doc, ${query}::tsquery) from ideas i
                  where i.tenant_id = ${tenantId} and i.id = s.id) as rank
          from ${related(IDEAS, query, [ideaId])} s
          order by s.score desc, rank desc, s.id limit ${sql.raw(String(limit))})
        select ${summaryColumns(tenantId, viewerId)}
        from found f
        join ideas i on i.tenant_id = ${tenantId} and i.id = f.id
        ${summaryJoins}
        order by f.score desc, f.rank desc, f.id`,
    summaryRow,
  );
}
