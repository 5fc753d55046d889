/**
 * Members (server/src/people, profiles, members): a member's profile and invitation record, the
 * count of active members, and the files stored for them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, roles, schools } from './schema-reference.ts';
import {
  at,
  createdAt,
  perTenant,
  tenantColumns,
  tenantKey,
  tenantReference,
  tsvector,
} from './schema-tenants.ts';

/**
 * A member's profile and invitation record. Profile sections are JSON documents: they are read and
 * written whole with the profile and never queried across people (docs/decisions/0004).
 */
export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
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
    erasedAt: at('erased_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /**
     * What keyword search matches (CONTRACT §7): name, headline, bio, school, department and the
     * profile sections, weighted; kept by triggers (drizzle/0010, docs/decisions/0029).
     */
    searchDoc: tsvector('search_doc').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('users_email_key').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('users_orcid_key').on(t.tenantId, t.orcid).where(sql`orcid is not null`),
    tenantReference(t, t.roleId, roles),
    tenantReference(t, t.schoolId, schools),
    tenantReference(t, t.departmentId, departments),
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

/** The member a row belongs to, in the column every such table calls `user_id`. */
export const userId = () => integer('user_id').notNull();

/** The key from a member's row to the member: it goes when they do. */
export const ownedByUser = (t: { tenantId: AnyPgColumn; userId: AnyPgColumn }) =>
  tenantReference(t, t.userId, users).onDelete('cascade');

/**
 * Active members (approved, claimed, not disabled) per tenant, kept by triggers on users
 * (drizzle/0007): the unfiltered directory's count, read on every page, without scanning them.
 */
export const memberTallies = pgTable('member_tallies', {
  tenantId: perTenant(),
  members: integer('members').notNull().default(0),
});

/**
 * Files the server stored for a user (profile photos). A profile may only point at a URL issued to
 * its own user, which this table records.
 */
export const uploads = pgTable(
  'uploads',
  {
    ...tenantColumns(),
    userId: userId(),
    /** Storage key `{tenant}/{user}/{random}.jpg`: random, never derived from user input. */
    key: text('key').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    ownedByUser(t),
    uniqueIndex('uploads_key_key').on(t.tenantId, t.key),
    index('uploads_user_idx').on(t.tenantId, t.userId, t.url),
  ],
);
