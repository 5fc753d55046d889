import { permissionNames, status } from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  accounts,
  departments,
  follows,
  ideaLinks,
  ideaPatents,
  ideaSupports,
  ideas,
  ipStatuses,
  roles,
  schools,
  supportTypes,
  tenants,
  users,
} from '../db/schema.ts';
import { bindTenant } from '../db/tenant-scope.ts';
import { createTenant } from '../tenants/service.ts';
import type { DemoDataset, DemoPerson } from './dataset.ts';
import { demoDataset } from './university.ts';

export const DEMO_PASSWORD = 'Kindling!2026';
const DAY_MS = 86_400_000;

/** The demo tenant's own look, so it is visibly not the default theme. */
const demoBranding = {
  styles: {
    'color-primary': '#8c1d40',
    'color-primary-hover': '#6e1732',
    'color-accent': '#0f5e8c',
  },
  linkedinURL: 'https://www.linkedin.com/school/demo-university',
};

const emailOf = (person: DemoPerson, domain: string) => person.email ?? `${person.key}@${domain}`;

/**
 * Seeds the demo university (CONTRACT §1 `demo`): does nothing when the tenant exists. Everything
 * after the tenant itself is written in one transaction bound to the new tenant.
 */
export async function seedDemo(
  db: Db,
  now: Date = new Date(),
  dataset: DemoDataset = demoDataset,
): Promise<{ created: boolean; tenantId: number }> {
  const { domain, name } = dataset.tenant;
  const [existing] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.domain, domain));
  if (existing) return { created: false, tenantId: existing.id };

  const admin = dataset.people.find((p) => p.extra_permissions?.includes('admin'));
  if (!admin) throw new Error('the demo dataset has no administrator');
  const { tenantId, adminUserId } = await createTenant(db, {
    domain,
    name,
    branding: demoBranding,
    admin: {
      email: emailOf(admin, domain),
      password: DEMO_PASSWORD,
      firstName: admin.first_name,
      lastName: admin.last_name,
    },
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    const departmentIds = await insertSchools(tx, tenantId, dataset);
    const userIds = await insertPeople(tx, tenantId, dataset, departmentIds, {
      adminKey: admin.key,
      adminUserId,
      passwordHash,
    });
    await insertIdeas(tx, tenantId, dataset, userIds, now);
  });
  return { created: true, tenantId };
}

async function insertSchools(tx: Tx, tenantId: number, dataset: DemoDataset) {
  const departmentIds = new Map<string, { schoolId: number; departmentId: number }>();
  for (const school of dataset.schools) {
    const [row] = await tx
      .insert(schools)
      .values({ tenantId, name: school.name })
      .returning({ id: schools.id });
    if (!row) throw new Error('school insert returned nothing');
    const inserted = await tx
      .insert(departments)
      .values(school.departments.map((dept) => ({ tenantId, schoolId: row.id, name: dept })))
      .returning({ id: departments.id, name: departments.name });
    for (const dept of inserted) {
      departmentIds.set(`${school.name}/${dept.name}`, { schoolId: row.id, departmentId: dept.id });
    }
  }
  return departmentIds;
}

async function insertPeople(
  tx: Tx,
  tenantId: number,
  dataset: DemoDataset,
  departmentIds: Map<string, { schoolId: number; departmentId: number }>,
  admin: { adminKey: string; adminUserId: number; passwordHash: string },
) {
  const rolePermissions = new Map(
    (await tx.select().from(roles).where(eq(roles.tenantId, tenantId))).map((r) => [
      r.id,
      r.permissions,
    ]),
  );
  const userIds = new Map<string, number>();
  for (const person of dataset.people) {
    const place = departmentIds.get(`${person.school}/${person.department}`);
    const extra = person.extra_permissions ?? [];
    const profile = {
      firstName: person.first_name,
      lastName: person.last_name,
      roleId: person.role_id,
      schoolId: place?.schoolId ?? null,
      departmentId: place?.departmentId ?? null,
      headline: person.headline,
      location: person.location,
      bio: person.bio,
      linkedinUrl: person.linkedin_url,
      googleScholarUrl: person.google_scholar_url ?? null,
      facultyPageUrl: person.faculty_page_url ?? null,
      adminStatusId: person.admin_status_id ?? status.approved,
      userStatusId: person.user_status_id ?? status.approved,
      permissions: extra.includes('admin')
        ? [...permissionNames]
        : [...new Set([...(rolePermissions.get(person.role_id) ?? []), ...extra])],
      education: person.education,
      experience: person.experience,
      patents: person.patents,
      projects: person.projects,
      publications: person.publications,
      grants: person.grants,
    };
    if (person.key === admin.adminKey) {
      await tx
        .update(users)
        .set(profile)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, admin.adminUserId)));
      userIds.set(person.key, admin.adminUserId);
      continue;
    }
    const [row] = await tx
      .insert(users)
      .values({ tenantId, email: emailOf(person, dataset.tenant.domain), ...profile })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    userIds.set(person.key, row.id);
    if (person.claimed !== false) {
      await tx
        .insert(accounts)
        .values({ tenantId, userId: row.id, passwordHash: admin.passwordHash });
    }
  }
  return userIds;
}

async function insertIdeas(
  tx: Tx,
  tenantId: number,
  dataset: DemoDataset,
  userIds: Map<string, number>,
  now: Date,
) {
  const byName = async (table: typeof supportTypes | typeof ipStatuses) =>
    new Map(
      (
        await tx
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(eq(table.tenantId, tenantId))
      ).map((r) => [r.name, r.id]),
    );
  const supportIds = await byName(supportTypes);
  const ipStatusIds = await byName(ipStatuses);
  const userId = (key: string) => {
    const id = userIds.get(key);
    if (id === undefined) throw new Error(`the demo dataset names an unknown person '${key}'`);
    return id;
  };

  for (const idea of dataset.ideas) {
    const createdAt = new Date(now.getTime() - idea.posted_days_ago * DAY_MS);
    const [row] = await tx
      .insert(ideas)
      .values({
        tenantId,
        title: idea.title,
        introduction: idea.introduction,
        problem: idea.problem,
        opportunity: idea.opportunity,
        ipStatusId: idea.ip_status ? (ipStatusIds.get(idea.ip_status) ?? null) : null,
        principalInvestigatorId: userId(idea.principal_investigator),
        caseManagerId: idea.case_manager ? userId(idea.case_manager) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: ideas.id });
    if (!row) throw new Error('idea insert returned nothing');
    const ideaId = row.id;
    if (idea.links.length) {
      await tx
        .insert(ideaLinks)
        .values(idea.links.map((link, position) => ({ tenantId, ideaId, position, ...link })));
    }
    if (idea.patents.length) {
      await tx
        .insert(ideaPatents)
        .values(idea.patents.map((number, position) => ({ tenantId, ideaId, position, number })));
    }
    const supports = idea.support.flatMap((name) => supportIds.get(name) ?? []);
    if (supports.length) {
      await tx
        .insert(ideaSupports)
        .values(supports.map((supportId) => ({ tenantId, ideaId, supportId })));
    }
    if (idea.followers.length) {
      await tx
        .insert(follows)
        .values(
          idea.followers.map((key) => ({ tenantId, ideaId, userId: userId(key), createdAt })),
        );
    }
  }
}
