/**
 * The database schema. Every tenant-owned table has `tenant_id`, a primary key `(tenant_id, id)`,
 * composite foreign keys and indexes that lead with `tenant_id`, so it can be distributed by tenant
 * unchanged; row-level security (see security.ts) is applied to every table with a `tenant_id`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The tenant column of every tenant-owned table, and the identity column: one definition each. */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
export const id = () => integer('id').generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  domain: text('domain').notNull().unique(),
  name: text('name').notNull(),
  /** Overrides of the default branding; answers merge them over the defaults. */
  branding: jsonb('branding').notNull().default({}),
  /** The tenant's own terms; null means the default terms. */
  terms: jsonb('terms'),
  /** IANA name; the scheduler's tenant-local periods (digests at 08:00) are reckoned in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** CONTRACT §11: administrators must have a second factor before they can do anything else. */
  requireMfaForAdmins: boolean('require_mfa_for_admins').notNull().default(false),
  createdAt: createdAt(),
});

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: smallint('id').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    /** Permissions a member of this role gets when their profile is created. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const schools = pgTable(
  'schools',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('schools_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    tenantId: tenantId(),
    id: id(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.schoolId],
      foreignColumns: [schools.tenantId, schools.id],
    }),
    uniqueIndex('departments_name_key').on(t.tenantId, t.schoolId, sql`lower(${t.name})`),
  ],
);

export const supportTypes = pgTable(
  'support_types',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('support_types_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const ipStatuses = pgTable(
  'ip_statuses',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('ip_statuses_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * A member's profile and invitation record. Profile sections are JSON documents: they are read and
 * written whole with the profile and never queried across people (docs/decisions/0004).
 */
export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roleId: smallint('role_id').notNull(),
    schoolId: integer('school_id'),
    departmentId: integer('department_id'),
    headline: text('headline').notNull().default(''),
    location: text('location').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    linkedinUrl: text('linkedin_url'),
    googleScholarUrl: text('google_scholar_url'),
    facultyPageUrl: text('faculty_page_url'),
    adminStatusId: smallint('admin_status_id').notNull().default(1),
    userStatusId: smallint('user_status_id').notNull().default(1),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isDisabled: boolean('is_disabled').notNull().default(false),
    invitedById: integer('invited_by_id'),
    education: jsonb('education').notNull().default([]),
    experience: jsonb('experience').notNull().default([]),
    patents: jsonb('patents').notNull().default([]),
    projects: jsonb('projects').notNull().default([]),
    publications: jsonb('publications').notNull().default([]),
    grants: jsonb('grants').notNull().default([]),
    /** CONTRACT §10: bare form; verified only when linked through ORCID's own sign-in. */
    orcid: text('orcid'),
    orcidVerified: boolean('orcid_verified').notNull().default(false),
    /**
     * When the member was erased (CONTRACT §11, server/src/privacy): the row stays as the
     * 'Former member' their ideas, comments and audit entries still point at, holding nothing of
     * them (docs/decisions/0041).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What keyword search matches (CONTRACT §7): name, headline, bio, school, department and the
     * profile sections, weighted; kept by triggers (drizzle/0010, docs/decisions/0029).
     */
    searchDoc: tsvector('search_doc').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_email_key').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('users_orcid_key').on(t.tenantId, t.orcid).where(sql`orcid is not null`),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    foreignKey({
      columns: [t.tenantId, t.schoolId],
      foreignColumns: [schools.tenantId, schools.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.departmentId],
      foreignColumns: [departments.tenantId, departments.id],
    }),
    index('users_directory_idx').on(
      t.tenantId,
      t.adminStatusId,
      t.userStatusId,
      sql`lower(${t.firstName} || ' ' || ${t.lastName})`,
      t.id,
    ),
    index('users_school_idx').on(t.tenantId, t.schoolId, t.departmentId),
    // The directory's filtered counts read only this, never the rows (decision 0026): active as
    // people/repository.ts and member_is_active (migration 0007) define it.
    index('users_active_place_idx')
      .on(t.tenantId, t.schoolId, t.departmentId, t.roleId)
      .where(sql`admin_status_id = 2 and user_status_id = 2 and not is_disabled`),
    index('users_role_idx').on(t.tenantId, t.roleId),
    // The document alone: with tenant_id first, GIN reads the whole tenant's entry (decision 0029).
    index('users_search_idx').using('gin', t.searchDoc),
  ],
);

/**
 * The sign-in credential of a user; absent until the profile is claimed. An account claimed or made
 * through single sign-on has no password hash until its member sets one.
 */
export const accounts = pgTable(
  'accounts',
  {
    tenantId: tenantId(),
    id: id(),
    userId: integer('user_id').notNull(),
    /** The account's subject, the `id` of SPEC §3 user details. */
    subject: uuid('subject').notNull().defaultRandom().unique(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('accounts_user_key').on(t.tenantId, t.userId),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: id(),
    /** HMAC of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull(),
    remember: boolean('remember').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, cut to `limits.userAgentLength`; the member's device list. */
    userAgent: text('user_agent'),
    /** Moved at most once a minute by the session lookup (auth/session-middleware.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index('sessions_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Single-purpose secrets mailed to a user: claim links and password-reset codes. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tenantId: tenantId(),
    id: id(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: ['claim', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('user_tokens_hash_key')
      .on(t.tenantId, t.purpose, t.tokenHash)
      .where(sql`${t.consumedAt} is null`),
    index('user_tokens_user_idx').on(t.tenantId, t.userId, t.purpose),
  ],
);

export const ideas = pgTable(
  'ideas',
  {
    tenantId: tenantId(),
    id: id(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its principal investigator, case manager or an administrator closed its comments. */
    commentsClosedAt: timestamp('comments_closed_at', { withTimezone: true }),
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
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.ipStatusId],
      foreignColumns: [ipStatuses.tenantId, ipStatuses.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.principalInvestigatorId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.caseManagerId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('ideas_recent_idx').on(t.tenantId, t.createdAt, t.id),
    index('ideas_pi_idx').on(t.tenantId, t.principalInvestigatorId, t.createdAt, t.id),
    index('ideas_school_recent_idx').on(t.tenantId, t.piSchoolId, t.createdAt, t.id),
    index('ideas_department_recent_idx').on(t.tenantId, t.piDepartmentId, t.createdAt, t.id),
    index('ideas_case_manager_idx').on(t.tenantId, t.caseManagerId),
    // The document alone: with tenant_id first, GIN reads the whole tenant's entry (decision 0029).
    index('ideas_search_idx').using('gin', t.searchDoc),
  ],
);

/**
 * How many ideas a tenant has, kept by statement triggers on `ideas` (migration
 * 0004_idea_place_triggers): the unfiltered feed's total without counting 200,000 index entries.
 * `version` is the last transaction that changed what a filtered count of the feed counts (ideas
 * added, removed or moved, support types sought), set by triggers on `ideas` and `idea_supports`
 * (migration 0024_feed_count_version): filtered counts are kept until it moves (feed-counts.ts).
 */
export const ideaTallies = pgTable('idea_tallies', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  ideas: integer('ideas').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Active members (approved, claimed, not disabled) per tenant, kept by triggers on users
 * (drizzle/0007): the unfiltered directory's count, read on every page, without scanning them.
 */
export const memberTallies = pgTable('member_tallies', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
});

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

export const ideaLinks = pgTable(
  'idea_links',
  {
    tenantId: tenantId(),
    ideaId: integer('idea_id').notNull(),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ideaId, t.position] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
  ],
);

export const ideaPatents = pgTable(
  'idea_patents',
  {
    tenantId: tenantId(),
    ideaId: integer('idea_id').notNull(),
    position: smallint('position').notNull(),
    number: text('number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ideaId, t.position] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
  ],
);

export const ideaSupports = pgTable(
  'idea_supports',
  {
    tenantId: tenantId(),
    ideaId: integer('idea_id').notNull(),
    supportId: integer('support_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ideaId, t.supportId] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.supportId],
      foreignColumns: [supportTypes.tenantId, supportTypes.id],
    }),
    index('idea_supports_support_idx').on(t.tenantId, t.supportId, t.ideaId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    ideaId: integer('idea_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.ideaId] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
    index('follows_idea_idx').on(t.tenantId, t.ideaId),
    index('follows_user_recent_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/**
 * A member's remark on an idea's page (CONTRACT §9): plain text, stored as written after trimming
 * and rendered as text. Pages read the idea's comments oldest first on `comments_idea_idx`.
 */
export const comments = pgTable(
  'comments',
  {
    tenantId: tenantId(),
    id: id(),
    ideaId: integer('idea_id').notNull(),
    authorId: integer('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by an administrator (audited): kept, but its text shown to administrators only. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.authorId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
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
    ideaId: integer('idea_id').notNull(),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ideaId] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
  ],
);

/**
 * An expression of interest in an idea (CONTRACT §9). Open while `open` or `responded`: the partial
 * unique index holds one open request per member and idea even when two arrive at once.
 * `first_answered_at` is when the office first answered, for the overview's median wait.
 */
export const interestRequests = pgTable(
  'interest_requests',
  {
    tenantId: tenantId(),
    id: id(),
    ideaId: integer('idea_id').notNull(),
    requesterId: integer('requester_id').notNull(),
    kind: text('kind', {
      enum: [
        'licensing',
        'sponsored_research',
        'collaboration',
        'investment',
        'mentorship',
        'other',
      ],
    }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'responded', 'declined', 'closed'] })
      .notNull()
      .default('open'),
    reason: text('reason'),
    createdAt: createdAt(),
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.ideaId],
      foreignColumns: [ideas.tenantId, ideas.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.requesterId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('interest_requests_one_open_key')
      .on(t.tenantId, t.ideaId, t.requesterId)
      .where(sql`status in ('open', 'responded')`),
    index('interest_requests_idea_idx').on(t.tenantId, t.ideaId, t.createdAt),
    index('interest_requests_requester_idx').on(t.tenantId, t.requesterId, t.createdAt),
  ],
);

/**
 * Mails waiting to be sent. Written in the transaction of the change that causes them; the worker
 * reads across tenants through the system handle, hence the status index not led by tenant.
 */
export const outbox = pgTable(
  'outbox',
  {
    tenantId: tenantId(),
    id: id(),
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers, such as List-Unsubscribe on notification mail (CONTRACT §9). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Files the server stored for a user (profile photos). A profile may only point at a URL issued to
 * its own user, which this table records.
 */
export const uploads = pgTable(
  'uploads',
  {
    tenantId: tenantId(),
    id: id(),
    userId: integer('user_id').notNull(),
    /** Storage key `{tenant}/{user}/{random}.jpg`: random, never derived from user input. */
    key: text('key').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('uploads_key_key').on(t.tenantId, t.key),
    index('uploads_user_idx').on(t.tenantId, t.userId, t.url),
  ],
);

/**
 * What administrators did and when sign-in failures came in bursts. Rows are written in the
 * transaction of the change they describe and never updated; the actor's e-mail is copied so the
 * entry still reads right after the member changes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: id(),
    /** Null for entries the system writes itself (sign-in failure bursts). */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** One human sentence, shown in the console and exported. */
    summary: text('summary').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_time_idx').on(t.tenantId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.tenantId, t.action, t.createdAt),
  ],
);

/** A tenant as stored: its domain, name and branding overrides. */
export type TenantRow = typeof tenants.$inferSelect;
