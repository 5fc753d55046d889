/**
 * What members say about an idea (CONTRACT §9; server/src/comments, interest): comments, the count
 * the feed reads, and expressions of interest.
 */
import { interestKinds, interestStatuses } from '@kindling/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ideaId, ofIdea } from './schema-ideas.ts';
import { users } from './schema-people.ts';
import {
  at,
  createdAt,
  tenantColumns,
  tenantId,
  tenantKey,
  tenantReference,
} from './schema-tenants.ts';

/**
 * A member's remark on an idea's page (CONTRACT §9): plain text, stored as written after trimming
 * and rendered as text. Pages read the idea's comments oldest first on `comments_idea_idx`.
 */
export const comments = pgTable(
  'comments',
  {
    ...tenantColumns(),
    ideaId: ideaId(),
    authorId: integer('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    /** Hidden by an administrator (audited): kept, but its text shown to administrators only. */
    hiddenAt: at('hidden_at'),
  },
  (t) => [
    tenantKey(t),
    ofIdea(t),
    tenantReference(t, t.authorId, users).onDelete('cascade'),
    index('comments_idea_idx').on(t.tenantId, t.ideaId, t.createdAt, t.id),
    index('comments_author_idx').on(t.tenantId, t.authorId),
  ],
);

/**
 * How many comments an idea has, kept by statement triggers on `comments` (drizzle/0012): each
 * card of the feed reads one row here instead of counting an idea's comments (decision 0033).
 */
export const commentTallies = pgTable(
  'comment_tallies',
  {
    tenantId: tenantId(),
    ideaId: ideaId(),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ideaId] }), ofIdea(t)],
);

/**
 * An expression of interest in an idea (CONTRACT §9). Open while `open` or `responded`: the partial
 * unique index holds one open request per member and idea even when two arrive at once.
 * `first_answered_at` is when the office first answered, for the overview's median wait.
 */
export const interestRequests = pgTable(
  'interest_requests',
  {
    ...tenantColumns(),
    ideaId: ideaId(),
    requesterId: integer('requester_id').notNull(),
    kind: text('kind', { enum: interestKinds }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: interestStatuses }).notNull().default('open'),
    reason: text('reason'),
    createdAt: createdAt(),
    firstAnsweredAt: at('first_answered_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    ofIdea(t),
    tenantReference(t, t.requesterId, users).onDelete('cascade'),
    uniqueIndex('interest_requests_one_open_key')
      .on(t.tenantId, t.ideaId, t.requesterId)
      .where(sql`status in ('open', 'responded')`),
    index('interest_requests_idea_idx').on(t.tenantId, t.ideaId, t.createdAt),
    index('interest_requests_requester_idx').on(t.tenantId, t.requesterId, t.createdAt),
  ],
);
