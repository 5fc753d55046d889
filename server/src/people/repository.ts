import { type PeopleFilter, status } from '@kindling/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { builderPageLimit } from '../db/page-limit.ts';
import { memberTallies, users } from '../db/schema-people.ts';
import { memberPlace, withMemberPlace } from '../db/user-joins.ts';

/** The directory's order: the expression of users_directory_idx, so pages are read off the index. */
const directoryName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

/** Active members (SPEC §4: both statuses 2, not disabled) matching the directory's filters. */
function activeMembers(tenantId: number, filter: PeopleFilter, extra?: SQL): SQL | undefined {
  return and(
    eq(users.tenantId, tenantId),
    eq(users.adminStatusId, status.approved),
    eq(users.userStatusId, status.approved),
    eq(users.isDisabled, false),
    filter.user_id ? inArray(users.id, filter.user_id) : undefined,
    filter.role_id ? inArray(users.roleId, filter.role_id) : undefined,
    filter.school_id ? inArray(users.schoolId, filter.school_id) : undefined,
    filter.department_id ? inArray(users.departmentId, filter.department_id) : undefined,
    extra,
  );
}

/** A person card: the member's name, headline, photo and experience, and their place. */
export const personCard = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  headline: users.headline,
  ...memberPlace,
  profileImageUrl: users.profileImageUrl,
  experience: users.experience,
};

/**
 * One page of the directory. The page's ids are found first, off users_directory_idx alone, and only
 * those rows are joined to their role, school and department: skipping an offset then costs index
 * entries, not joined rows. Its limit is a constant, so the generic plan walks the index too.
 */
export function listPeople(
  db: Executor,
  tenantId: number,
  filter: PeopleFilter,
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
) {
  const direction = page.order === 'asc' ? asc : desc;
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(activeMembers(tenantId, filter))
    .orderBy(direction(directoryName), direction(users.id))
    .limit(builderPageLimit(page.limit))
    .offset(page.offset)
    .as('page');
  return withMemberPlace(
    db
      .select(personCard)
      .from(ids)
      .innerJoin(users, and(eq(users.tenantId, tenantId), eq(users.id, ids.id))),
  ).orderBy(direction(directoryName), direction(users.id));
}
export type PersonRow = Awaited<ReturnType<typeof listPeople>>[number];

export async function countPeople(db: Executor, tenantId: number, filter: PeopleFilter) {
  const unfiltered =
    !filter.user_id && !filter.role_id && !filter.school_id && !filter.department_id;
  if (unfiltered) {
    const [tally] = await db
      .select({ n: memberTallies.members })
      .from(memberTallies)
      .where(eq(memberTallies.tenantId, tenantId));
    return tally?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(users).where(activeMembers(tenantId, filter));
  return row?.n ?? 0;
}

/** LIKE's own wildcards in what a person typed are matched literally. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Names for a picker: active members whose name contains `q` in any case, by name. */
export function pickPeople(
  db: Executor,
  tenantId: number,
  filter: PeopleFilter,
  q: string | undefined,
  limit: number,
) {
  const contains = q ? sql`${directoryName} like ${`%${likeEscape(q.toLowerCase())}%`}` : undefined;
  return db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(activeMembers(tenantId, filter, contains))
    .orderBy(asc(directoryName), asc(users.id))
    .limit(limit);
}

/** Changes a member's row (an administrator's decision, or the member's own profile). */
export async function updateMember(
  db: Executor,
  tenantId: number,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
