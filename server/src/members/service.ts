import { type AdminUsersQuery, selfLockoutMessages, status } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { revokeUserSessions } from '../auth/repository.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { departments } from '../db/schema-reference.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { issueClaimMail } from '../invitations/claim-tokens.ts';
import { emailTaken, findRole, insertInvitee, inviteeRow } from '../invitations/repository.ts';
import { INVITE_EXISTS } from '../invitations/service.ts';
import { updateMember } from '../people/repository.ts';
import { findEntry, schoolExists } from '../reference/repository.ts';
import type { Actor } from '../session-context.ts';
import { countMembers, findMember, listMembers, type MemberFilter } from './repository.ts';

export const MEMBER_NOT_FOUND = 'The user might have been deleted or never created.';

export async function membersPage(deps: Deps, tenantId: number, query: AdminUsersQuery) {
  const filter: MemberFilter = {
    adminStatusId: query.admin_status_id,
    q: query.q,
    status: query.status,
    roleId: query.role_id,
    schoolId: query.school_id,
    departmentId: query.department_id,
  };
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const total = await countMembers(tx, tenantId, filter);
    const totalPages = Math.ceil(total / query.page_size);
    if (query.page > 1 && query.page > totalPages) throw notFound('No users on this page.');
    const rows = await listMembers(tx, tenantId, {
      ...filter,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      users: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
      page: query.page,
      total_pages: totalPages,
      total_count: total,
    };
  });
}

/** A new profile's school and department must be ones members can still choose. */
async function checkPlace(tx: Tx, tenantId: number, schoolId?: number, departmentId?: number) {
  if (
    schoolId !== undefined &&
    !(await schoolExists(tx, tenantId, schoolId, { activeOnly: true }))
  ) {
    throw badRequest('Please choose a school.', [
      { field: 'school_id', error: 'Please choose a school.' },
    ]);
  }
  if (departmentId !== undefined) {
    const department = await findEntry(tx, departments, tenantId, departmentId);
    if (!department?.isActive || (schoolId !== undefined && department.schoolId !== schoolId)) {
      const message = 'Please choose a department of the school.';
      throw badRequest(message, [{ field: 'department_id', error: message }]);
    }
  }
}

/** An administrator creates an approved profile; its claim link is mailed in the same transaction. */
export async function createProfile(
  deps: Deps,
  tenant: TenantRow,
  adminUserId: number,
  input: {
    first_name: string;
    last_name: string;
    email: string;
    role_id: number;
    school_id?: number | undefined;
    department_id?: number | undefined;
    linkedin_url?: string | undefined;
    google_scholar_url?: string | undefined;
  },
) {
  const id = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const role = await findRole(tx, tenant.id, input.role_id);
    if (!role) {
      const message = 'Please choose current involvement with the University.';
      throw badRequest(message, [{ field: 'role_id', error: message }]);
    }
    await checkPlace(tx, tenant.id, input.school_id, input.department_id);
    if (await emailTaken(tx, tenant.id, input.email)) throw conflict(INVITE_EXISTS);
    const userId = await insertInvitee(tx, {
      ...inviteeRow(tenant.id, input, role),
      schoolId: input.school_id ?? null,
      departmentId: input.department_id ?? null,
      adminStatusId: status.approved,
      invitedById: adminUserId,
    });
    await issueClaimMail(
      deps,
      tx,
      tenant,
      { id: userId, email: input.email, firstName: input.first_name },
      'created',
    );
    await recordAudit(tx, {
      tenantId: tenant.id,
      actorId: adminUserId,
      action: 'member.create',
      targetType: 'user',
      targetId: userId,
      summary: `Created the profile of ${input.first_name} ${input.last_name} <${input.email}> and mailed the claim link`,
    });
    return userId;
  });
  deps.mailer.nudge();
  return { id };
}

/**
 * Approves (2) or declines (3) a member. Approving someone without a password mails a fresh claim
 * link; declining revokes their sessions at once. One transaction each.
 */
export async function setApproval(
  deps: Deps,
  tenant: TenantRow,
  actorId: number,
  userId: number,
  adminStatusId: 2 | 3,
) {
  if (adminStatusId === status.declined && userId === actorId) {
    throw conflict(selfLockoutMessages.decline);
  }
  await inTenant(deps.database.db, tenant.id, async (tx) => {
    const member = await findMember(tx, tenant.id, userId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    await updateMember(tx, tenant.id, userId, { adminStatusId });
    if (adminStatusId === status.declined) {
      await revokeUserSessions(tx, tenant.id, userId, deps.now());
    } else if (!member.accountId && member.adminStatusId !== status.approved) {
      await issueClaimMail(deps, tx, tenant, member, 'approved');
    }
    const approved = adminStatusId === status.approved;
    await recordAudit(tx, {
      tenantId: tenant.id,
      actorId,
      action: approved ? 'member.approve' : 'member.decline',
      targetType: 'user',
      targetId: userId,
      summary: `${approved ? 'Approved' : 'Declined'} ${member.firstName} ${member.lastName} <${member.email}>`,
    });
  });
  // Who is active decides who is an expert (search/service.ts keeps them).
  deps.rankings.invalidate(tenant.id);
  deps.mailer.nudge();
}

export async function setPermissions(
  deps: Deps,
  actor: Actor,
  userId: number,
  permissions: string[],
) {
  const { tenantId } = actor;
  if (userId === actor.userId && !permissions.includes('admin')) {
    throw conflict(selfLockoutMessages.admin);
  }
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const member = await findMember(tx, tenantId, userId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    await updateMember(tx, tenantId, userId, { permissions });
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: 'member.permissions',
      targetType: 'user',
      targetId: userId,
      summary: `Set the permissions of ${member.firstName} ${member.lastName} <${member.email}> to ${permissions.join(', ') || 'none'}`,
      detail: { permissions },
    });
  });
}
