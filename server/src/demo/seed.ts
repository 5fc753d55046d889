import { permissionNames } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import { postComment } from '../comments/service.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { tenants } from '../db/schema-tenants.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { assignCaseManager } from '../ideas/admin-service.ts';
import { FeedCounts } from '../ideas/feed-counts.ts';
import { RankingCache } from '../ideas/ranking-cache.ts';
import { createIdea, followIdea, updateIdea } from '../ideas/service.ts';
import { answerInterest, expressInterest } from '../interest/service.ts';
import { findRole } from '../invitations/repository.ts';
import { Mailer } from '../mail/mailer.ts';
import { memberPending } from '../notifications/notices.ts';
import { verifyOrcid } from '../profiles/repository.ts';
import { saveOrcid, saveProfile } from '../profiles/service.ts';
import { createReference } from '../reference/service.ts';
import { storeCounts } from '../scholarly/citations-repository.ts';
import { SearchCounts } from '../search/search-counts.ts';
import { createTenant } from '../tenants/service.ts';
import { type DemoDataset, type DemoPerson, loadDemoDataset } from './dataset.ts';
import {
  insertMembers,
  markNotificationsMailed,
  markSeenBefore,
  tenantLookups,
} from './repository.ts';

export const DEMO_PASSWORD = 'Kindling!2026';
const DAY_MS = 86_400_000;
/** How long before the seed's `now` the administrator set up the schools. */
const SET_UP_DAYS = 400;
/** Notifications older than this many days are read in the demo, the newer ones unread. */
const SEEN_AFTER_DAYS = 7;

const emailOf = (person: Pick<DemoPerson, 'key' | 'email'>, domain: string) =>
  person.email ?? `${person.key}@${domain}`;

/** The seed sends no mail: a service that tried to would be seeding something the demo lacks. */
class NoMail extends Mailer {
  override readonly mailsNotifications = false;

  override enqueue(): Promise<void> {
    throw new Error('the demo seed sends no mail');
  }
}

/** The seed acts as each member in turn, as a request of theirs would. */
function actingAs(tenantId: number, userId: number, permissions: string[]): SessionContext {
  return {
    sessionId: 0,
    tenantId,
    userId,
    subject: '',
    permissions,
    remember: false,
    issuedAt: new Date(0),
    expiresAt: new Date(8.64e15),
    mfaSetupRequired: false,
  };
}

/**
 * Seeds the demo university (CONTRACT §1 `demo`) from university.json; does nothing when the
 * tenant exists. Everything is written by the services the API writes with, acting as the member
 * who would have (the administrator for schools and case managers, each member for their profile,
 * ideas, follows, comments and interest, the principal investigator for answers and edits), at
 * past times set by the seed's clock, in one transaction, so their notifications are written as
 * the calls write them, with no mail: a failure leaves
 * no half-made demo. Only the members themselves are inserted directly: the API's ways in mail a
 * claim link and hash a password each.
 */
export async function seedDemo(
  deps: Deps,
  now: Date = new Date(),
  dataset: DemoDataset = loadDemoDataset(),
): Promise<{ created: boolean; tenantId: number }> {
  const { domain, name, branding } = dataset.tenant;
  const [existing] = await deps.database.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.domain, domain));
  if (existing) return { created: false, tenantId: existing.id };
  const admin = dataset.people.find((p) => p.extra_permissions.includes('admin')) as DemoPerson;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return deps.database.db.transaction(async (tx) => {
    let clock = new Date(now.getTime() - SET_UP_DAYS * DAY_MS);
    const seeding: Deps = {
      ...deps,
      database: { ...deps.database, db: tx },
      mailer: new NoMail(deps.config, null),
      now: () => clock,
      rankings: new RankingCache(),
      feedCounts: new FeedCounts(),
      searchCounts: new SearchCounts(),
    };
    const { tenantId, adminUserId } = await createTenant(tx, {
      domain,
      name,
      branding,
      admin: {
        email: emailOf(admin, domain),
        password: DEMO_PASSWORD,
        firstName: admin.profile.first_name,
        lastName: admin.profile.last_name,
      },
    });
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    const adminSession = actingAs(tenantId, adminUserId, [...permissionNames]);
    const places = await addSchools(seeding, adminSession, dataset);
    const members = await addPeople(seeding, tenant as TenantRow, dataset, places, {
      key: admin.key,
      userId: adminUserId,
      passwordHash,
    });
    const lookups = await inTenant(tx, tenantId, (scoped) => tenantLookups(scoped, tenantId));
    for (const idea of dataset.ideas) {
      clock = new Date(now.getTime() - idea.posted_days_ago * DAY_MS);
      const pi = members.get(idea.principal_investigator) as SessionContext;
      const values = {
        ...idea,
        ip_status_id:
          idea.ip_status === null ? null : (lookups.ipStatuses.get(idea.ip_status) ?? 0),
        support_ids: idea.support.map((support) => lookups.supportTypes.get(support) ?? 0),
      };
      const { idea_id } = await createIdea(seeding, pi, values);
      if (idea.case_manager !== null) {
        const caseManager = members.get(idea.case_manager) as SessionContext;
        await assignCaseManager(seeding, adminSession, idea_id, caseManager.userId);
      }
      for (const follower of idea.followers) {
        await followIdea(seeding, members.get(follower) as SessionContext, idea_id);
      }
      const daysAgo = (days: number) => {
        clock = new Date(now.getTime() - days * DAY_MS);
      };
      if (idea.updated_days_ago !== undefined) {
        daysAgo(idea.updated_days_ago);
        await updateIdea(seeding, pi, idea_id, values);
      }
      for (const comment of idea.comments) {
        daysAgo(comment.days_ago);
        await postComment(
          seeding,
          members.get(comment.by) as SessionContext,
          idea_id,
          comment.body,
        );
      }
      for (const request of idea.interest) {
        daysAgo(request.days_ago);
        const { id } = await expressInterest(
          seeding,
          members.get(request.by) as SessionContext,
          idea_id,
          request,
        );
        if (request.answer) {
          daysAgo(request.answer.days_ago);
          await answerInterest(seeding, pi, id, request.answer);
        }
      }
    }
    await askedToJoin(tx, tenantId, dataset, members, now);
    // What a member would have opened by now: the notifications of more than a week ago read a
    // day after they came, the rest still unread (and so lighting the bell).
    await inTenant(tx, tenantId, (scoped) =>
      markSeenBefore(scoped, tenantId, new Date(now.getTime() - SEEN_AFTER_DAYS * DAY_MS)),
    );
    await markNotificationsMailed(tx, tenantId);
    return { created: true, tenantId };
  });
}

/**
 * Those awaiting approval asked to join through POST /request-invitation, which notified the
 * administrators (CONTRACT §9 `member_pending`) at the time the file gives; the seed writes that
 * notification as the call would, without its mail.
 */
async function askedToJoin(
  tx: Tx,
  tenantId: number,
  dataset: DemoDataset,
  members: Map<string, SessionContext>,
  now: Date,
) {
  for (const person of dataset.people) {
    const daysAgo = person.requested_days_ago;
    if (daysAgo === undefined) continue;
    const member = members.get(person.key) as SessionContext;
    await inTenant(tx, tenantId, async (scoped) => {
      const role = await findRole(scoped, tenantId, person.role_id);
      // The demo's requests are history: nothing is mailed for them.
      await memberPending(scoped, {
        mail: null,
        tenantId,
        actorId: member.userId,
        at: new Date(now.getTime() - daysAgo * DAY_MS),
        text: `${person.profile.first_name} ${person.profile.last_name} asked to join as ${role?.name}`,
      });
    });
  }
}

type Places = Map<string, { schoolId: number; departmentId: number }>;

async function addSchools(deps: Deps, admin: SessionContext, dataset: DemoDataset) {
  const places: Places = new Map();
  for (const school of dataset.schools) {
    const { id: schoolId } = await createReference(deps, admin, 'school', { name: school.name });
    for (const name of school.departments) {
      const { id } = await createReference(deps, admin, 'department', {
        name,
        school_id: schoolId,
      });
      places.set(`${school.name}/${name}`, { schoolId, departmentId: id });
    }
  }
  return places;
}

/**
 * Each person becomes a member with their role, place and statuses, and saves their profile as
 * PUT /profiles/{id} would; the administrator made by createTenant is given theirs. Answers each
 * person's key with the session the seed acts for them with.
 */
async function addPeople(
  deps: Deps,
  tenant: TenantRow,
  dataset: DemoDataset,
  places: Places,
  admin: { key: string; userId: number; passwordHash: string },
) {
  const placeOf = (person: Pick<DemoPerson, 'school' | 'department'>) =>
    places.get(`${person.school}/${person.department}`);
  const others = dataset.people.filter((person) => person.key !== admin.key);
  const inserted = await inTenant(deps.database.db, tenant.id, (tx) =>
    insertMembers(
      tx,
      tenant.id,
      others.map(({ profile, ...person }) => ({
        email: emailOf(person, tenant.domain),
        firstName: profile.first_name,
        lastName: profile.last_name,
        roleId: person.role_id,
        schoolId: placeOf(person)?.schoolId ?? null,
        departmentId: placeOf(person)?.departmentId ?? null,
        headline: profile.headline ?? '',
        location: profile.location ?? '',
        linkedinUrl: profile.linkedin_url || null,
        googleScholarUrl: profile.google_scholar_url || null,
        adminStatusId: person.admin_status_id,
        userStatusId: person.user_status_id,
        extraPermissions: person.extra_permissions,
        passwordHash: person.claimed ? admin.passwordHash : null,
      })),
    ),
  );
  const members = new Map<string, SessionContext>([
    [admin.key, actingAs(tenant.id, admin.userId, [...permissionNames])],
  ]);
  for (const [index, person] of others.entries()) {
    const member = inserted[index] as { id: number; permissions: string[] };
    members.set(person.key, actingAs(tenant.id, member.id, member.permissions));
  }
  // The demo's DOIs are under Crossref's test prefix, which OpenAlex does not know: counted as if
  // by the refresh, their counts stay the file's.
  const counts = new Map(
    dataset.people.flatMap((person) =>
      (person.profile.publications ?? []).flatMap((p) =>
        p.doi && p.citations !== null ? [[p.doi, p.citations] as const] : [],
      ),
    ),
  );
  await inTenant(deps.database.db, tenant.id, (tx) =>
    storeCounts(tx, tenant.id, [...counts.keys()], counts, deps.now()),
  );
  for (const person of dataset.people) {
    const session = members.get(person.key) as SessionContext;
    if (!person.profile.bio) continue;
    await saveProfile(deps, session, session.userId, {
      ...person.profile,
      bio: person.profile.bio,
      school_id: placeOf(person)?.schoolId ?? null,
      department_id: placeOf(person)?.departmentId ?? null,
    });
    if (!person.orcid) continue;
    await saveOrcid(deps, session, session.userId, person.orcid);
    if (person.orcid_verified) {
      const orcid = person.orcid;
      await inTenant(deps.database.db, tenant.id, (tx) =>
        verifyOrcid(tx, tenant.id, session.userId, orcid),
      );
    }
  }
  return members;
}
