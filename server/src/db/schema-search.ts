/** Keyword search's own table (server/src/search); the documents it matches are on their rows. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { perTenant, tenantId } from './schema-tenants.ts';

/**
 * Every lexeme of a tenant's search documents (kind 1 ideas, 2 people), added by the triggers that
 * write the documents: the one-typo rule looks a query word up here (docs/decisions/0029), and
 * the nightly count drops the lexemes no document holds any more.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    tenantId: tenantId(),
    kind: smallint('kind').notNull(),
    /** In the "C" collation (migration 0010), so a prefix is a range of the key. */
    lexeme: text('lexeme').notNull(),
    /**
     * How many of the kind's documents held the lexeme at the last nightly count
     * (search/lexicon-job.ts); null until a count has seen it. Terms are chosen by it: the rarer
     * a word, the more it tells.
     */
    docs: integer('docs'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.kind, t.lexeme] }),
    // The one-typo rule finds a lexeme's neighbours by prefix (the key) or by suffix (this).
    index('search_lexemes_suffix_idx').on(
      t.tenantId,
      t.kind,
      sql`(reverse(${t.lexeme}) COLLATE "C")`,
    ),
  ],
);

/**
 * Which documents hold which lexeme (kind 1 ideas, 2 active members), one row per document and
 * lexeme, kept by triggers from `search_doc` (migration 0025, decision 0050): the keyword lists
 * count and pick their candidates, and experts and similar ideas score theirs (decision 0052),
 * from this key alone (index-only reads), where the GIN index had to visit each match's row. `heading` says the lexeme is in the document's heading (an idea's
 * title; a member's name or headline), the stored weight that chooses the candidates ranked.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    tenantId: tenantId(),
    kind: smallint('kind').notNull(),
    /** In the "C" collation, as search_lexemes. */
    lexeme: text('lexeme').notNull(),
    docId: integer('doc_id').notNull(),
    heading: boolean('heading').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.lexeme, t.heading, t.docId] })],
);

/**
 * The last transaction that changed a tenant's postings of each kind, set as that transaction
 * commits (migration 0031, decision 0063): a keyword search's count made at a version is exact
 * for as long as the version stands, so the process keeps it (search/search-counts.ts).
 */
export const searchVersions = pgTable('search_versions', {
  tenantId: perTenant(),
  ideas: bigint('ideas', { mode: 'number' }).notNull().default(0),
  people: bigint('people', { mode: 'number' }).notNull().default(0),
});
