import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ideas } from '../db/schema-ideas.ts';
import { users } from '../db/schema-people.ts';
import { departments, schools } from '../db/schema-reference.ts';
import { memberPlace, withMemberPlace } from '../db/user-joins.ts';

/** How many of a member's own ideas the profile lists; the rest are paged by GET /users/{id}/ideas. */
const PROFILE_IDEAS = 100;

/** One row holds the whole profile: sections are JSON on the user row (docs/decisions/0004). */
export async function findProfileRow(db: Executor, tenantId: number, userId: number) {
  const profile = db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      ...memberPlace,
      headline: users.headline,
      location: users.location,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      linkedinUrl: users.linkedinUrl,
      googleScholarUrl: users.googleScholarUrl,
      facultyPageUrl: users.facultyPageUrl,
      userStatusId: users.userStatusId,
      adminStatusId: users.adminStatusId,
      isDisabled: users.isDisabled,
      permissions: users.permissions,
      education: users.education,
      experience: users.experience,
      patents: users.patents,
      projects: users.projects,
      publications: users.publications,
      grants: users.grants,
      orcid: users.orcid,
      orcidVerified: users.orcidVerified,
    })
    .from(users);
  const [row] = await withMemberPlace(profile)
    // An erased member has no profile to show (CONTRACT §11), to themselves or administrators.
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.erasedAt)));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** The member's ideas as principal investigator, newest first (index ideas_pi_idx). */
export function listOwnIdeas(db: Executor, tenantId: number, userId: number) {
  return db
    .select({ id: ideas.id, title: ideas.title, createdAt: ideas.createdAt })
    .from(ideas)
    .where(and(eq(ideas.tenantId, tenantId), eq(ideas.principalInvestigatorId, userId)))
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(PROFILE_IDEAS);
}
export type OwnIdeaRow = Awaited<ReturnType<typeof listOwnIdeas>>[number];

/** A department of this tenant, its school and whether members may choose it; undefined if none. */
export async function findDepartment(db: Executor, tenantId: number, departmentId: number) {
  const [row] = await db
    .select({ schoolId: departments.schoolId, isActive: departments.isActive })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, departmentId)));
  return row;
}

export async function activeSchoolExists(db: Executor, tenantId: number, schoolId: number) {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(
      and(eq(schools.tenantId, tenantId), eq(schools.id, schoolId), eq(schools.isActive, true)),
    );
  return row !== undefined;
}

/**
 * Sets or clears the member's ORCID iD; a typed iD is never verified (CONTRACT §10). Another
 * member's iD fails on users_orcid_key, which decides a race between two members too.
 */
export async function updateOrcid(
  db: Executor,
  tenantId: number,
  userId: number,
  orcid: string | null,
) {
  await db
    .update(users)
    .set({ orcid, orcidVerified: false, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** The iD ORCID's own sign-in answered for the member: theirs, verified (CONTRACT §10). */
export async function verifyOrcid(db: Executor, tenantId: number, userId: number, orcid: string) {
  await db
    .update(users)
    .set({ orcid, orcidVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
