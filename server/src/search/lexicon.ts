/**
 * What the nightly count (lexicon-job.ts) tells term selection: how many documents of a kind hold
 * a word. A word that more than a quarter of a tenant's ideas or of its profiles hold ("use",
 * "need", "research", "university") tells nothing about one of them, so expert finding, similar
 * ideas and the recommended feed leave it out, once there are enough documents for a quarter to
 * mean something.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The fewest documents for which "common" is judged; below it every word may serve. */
const JUDGED_FROM = 20;

/** How many documents of the kind held `lexeme` at the last count (null before one, or none). */
const lexiconCount = (tenantId: number, kind: 1 | 2, lexeme: SQL) =>
  sql`select s.docs from search_lexemes s
      where s.tenant_id = ${tenantId} and s.kind = ${kind} and s.lexeme = ${lexeme} collate "C"`;

/**
 * The ideas' lexicon row for `lexeme`, to join laterally as `l`: `known` when an idea held it
 * when it was written, `docs` how many held it at the last count.
 */
export const ideaLexicon = (tenantId: number, lexeme: SQL) =>
  sql`select s.docs, true as known from search_lexemes s
      where s.tenant_id = ${tenantId} and s.kind = 1 and s.lexeme = ${lexeme} collate "C"`;

const ideasOf = (tenantId: number) =>
  sql`coalesce((select t.ideas from idea_tallies t where t.tenant_id = ${tenantId}), 0)`;
const membersOf = (tenantId: number) =>
  sql`coalesce((select t.members from member_tallies t where t.tenant_id = ${tenantId}), 0)`;

const above = (docs: SQL, total: SQL) =>
  sql`coalesce(${docs} * 4 > ${total} and ${total} >= ${JUDGED_FROM}, false)`;

/**
 * Whether `lexeme` is too common among the tenant's ideas or profiles to tell anything (more than
 * a quarter of either holds it); a word never counted is not.
 */
export const tooCommon = (tenantId: number, lexeme: SQL) =>
  sql`(${above(sql`(${lexiconCount(tenantId, 1, lexeme)})`, ideasOf(tenantId))}
       or ${above(sql`(${lexiconCount(tenantId, 2, lexeme)})`, membersOf(tenantId))})`;
