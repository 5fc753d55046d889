/**
 * The tables of scholarly profiles (CONTRACT §10), under the rules of schema-tenants.ts:
 * `tenant_id` first in every key and index, composite foreign keys.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedByUser, userId } from './schema-people.ts';
import { at, createdAt, tenantColumns, tenantId, tenantKey } from './schema-tenants.ts';

/**
 * An entry an import found, waiting for its member to accept or reject it. `match_key` is what
 * duplicate detection compares (`doi:<normalised DOI>`, else `title:<normalised title>|<year>`), so
 * importing the same source twice leaves one candidate per entry.
 */
export const importCandidates = pgTable(
  'import_candidates',
  {
    ...tenantColumns(),
    userId: userId(),
    section: text('section', {
      enum: ['publications', 'most_recent_experience', 'education', 'grants'],
    }).notNull(),
    source: text('source', { enum: ['orcid', 'doi', 'file'] }).notNull(),
    entry: jsonb('entry').notNull(),
    matchKey: text('match_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('import_candidates_entry_key').on(t.tenantId, t.userId, t.section, t.matchKey),
  ],
);

/**
 * What a DOI resolved to at Crossref and its citation count at OpenAlex, so a DOI is asked for once
 * and counts are refreshed weekly in lists of 50 (CONTRACT §10). Kept per tenant like every other
 * row, so one tenant's lookups never show in another's.
 */
export const doiWorks = pgTable(
  'doi_works',
  {
    tenantId: tenantId(),
    doi: text('doi').notNull(),
    /** The work as a publication entry, or null when Crossref does not know the DOI. */
    work: jsonb('work'),
    resolvedAt: at('resolved_at'),
    citedByCount: integer('cited_by_count'),
    countedAt: at('counted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.doi] }),
    index('doi_works_counted_idx').on(t.tenantId, t.countedAt),
  ],
);
