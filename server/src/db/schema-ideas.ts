/**
 * Ideas (server/src/ideas): an idea, its links, patents and kinds of support wanted, the count the
 * feed reads, and who follows it.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ownedByUser, userId, users } from './schema-people.ts';
import { ipStatuses, supportTypes } from './schema-reference.ts';
import {
  at,
  createdAt,
  perTenant,
  tenantColumns,
  tenantId,
  tenantKey,
  tenantReference,
  tsvector,
} from './schema-tenants.ts';

export const ideas = pgTable(
  'ideas',
  {
    ...tenantColumns(),
    title: text('title').notNull(),
    introduction: text('introduction').notNull(),
    problem: text('problem').notNull().default(''),
    opportunity: text('opportunity').notNull().default(''),
    ipStatusId: integer('ip_status_id'),
    principalInvestigatorId: integer('principal_investigator_id').notNull(),
    /**
     * The principal investigator's school and department, copied by triggers (migration
     * 0004_idea_place_triggers) when the idea is written or the member moves, so the feed's
     * filters and the recommended feed read one index instead of joining every idea to its author.
     */
    piSchoolId: integer('pi_school_id'),
    piDepartmentId: integer('pi_department_id'),
    caseManagerId: integer('case_manager_id'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When its principal investigator, case manager or an administrator closed its comments. */
    commentsClosedAt: at('comments_closed_at'),
    /** What the recommended feed matches a member's profile against (docs/decisions/0010). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "introduction"), 'B') || setweight(to_tsvector('english'::regconfig, "problem" || ' ' || "opportunity"), 'C')`,
      ),
    /**
     * What keyword search matches (CONTRACT §7): the text, patent numbers, link titles and the
     * principal investigator's name, weighted; kept by triggers (drizzle/0010, decision 0029).
     */
    searchDoc: tsvector('search_doc').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t, t.ipStatusId, ipStatuses),
    tenantReference(t, t.principalInvestigatorId, users),
    tenantReference(t, t.caseManagerId, users),
    index('ideas_recent_idx').on(t.tenantId, t.createdAt, t.id),
    index('ideas_pi_idx').on(t.tenantId, t.principalInvestigatorId, t.createdAt, t.id),
    index('ideas_school_recent_idx').on(t.tenantId, t.piSchoolId, t.createdAt, t.id),
    index('ideas_department_recent_idx').on(t.tenantId, t.piDepartmentId, t.createdAt, t.id),
    index('ideas_case_manager_idx').on(t.tenantId, t.caseManagerId),
    // The document alone: with tenant_id first, GIN reads the whole tenant's entry (decision 0029).
    index('ideas_search_idx').using('gin', t.searchDoc),
  ],
);

/** The idea a row belongs to, in the column every such table calls `idea_id`. */
export const ideaId = () => integer('idea_id').notNull();

/** The key from an idea's row to the idea: it goes when the idea does. */
export const ofIdea = (t: { tenantId: AnyPgColumn; ideaId: AnyPgColumn }) =>
  tenantReference(t, t.ideaId, ideas).onDelete('cascade');

/**
 * How many ideas a tenant has, kept by statement triggers on `ideas` (migration
 * 0004_idea_place_triggers): the unfiltered feed's total without counting 200,000 index entries.
 * `version` is the last transaction that changed what a filtered count of the feed counts (ideas
 * added, removed or moved, support types sought), set by triggers on `ideas` and `idea_supports`
 * (migration 0024_feed_count_version): filtered counts are kept until it moves (feed-counts.ts).
 */
export const ideaTallies = pgTable('idea_tallies', {
  tenantId: perTenant(),
  ideas: integer('ideas').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** An idea's numbered entries (links, patents), kept in the order the form gave them. */
const positioned = () => ({
  tenantId: tenantId(),
  ideaId: ideaId(),
  position: smallint('position').notNull(),
});

export const ideaLinks = pgTable(
  'idea_links',
  { ...positioned(), url: text('url').notNull(), title: text('title').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.ideaId, t.position] }), ofIdea(t)],
);

export const ideaPatents = pgTable(
  'idea_patents',
  { ...positioned(), number: text('number').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.ideaId, t.position] }), ofIdea(t)],
);

export const ideaSupports = pgTable(
  'idea_supports',
  { tenantId: tenantId(), ideaId: ideaId(), supportId: integer('support_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ideaId, t.supportId] }),
    ofIdea(t),
    tenantReference(t, t.supportId, supportTypes),
    index('idea_supports_support_idx').on(t.tenantId, t.supportId, t.ideaId),
  ],
);

export const follows = pgTable(
  'follows',
  { tenantId: tenantId(), userId: userId(), ideaId: ideaId(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.ideaId] }),
    ownedByUser(t),
    ofIdea(t),
    index('follows_idea_idx').on(t.tenantId, t.ideaId),
    index('follows_user_recent_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
