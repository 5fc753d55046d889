import { selfLockoutMessages, status } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { consumeTokens, revokeUserSessions } from '../auth/repository.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { issueClaimMail } from '../invitations/claim-tokens.ts';
import { findRole } from '../invitations/repository.ts';
import { updateMember } from '../people/repository.ts';
import type { Actor } from '../session-context.ts';
import { findMember } from './repository.ts';
import { MEMBER_NOT_FOUND } from './service.ts';

const nameOf = (member: { firstName: string; lastName: string; email: string }) =>
  `${member.firstName} ${member.lastName} <${member.email}>`;

async function memberOrThrow(tx: Tx, tenantId: number, userId: number) {
  const member = await findMember(tx, tenantId, userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/**
 * Disables or re-enables a member. Disabling revokes every session in the same transaction, and the
 * session lookup refuses disabled members too, so they are out on their very next call.
 */
export async function setDisabled(deps: Deps, actor: Actor, userId: number, disabled: boolean) {
  const { tenantId } = actor;
  if (disabled && userId === actor.userId) throw conflict(selfLockoutMessages.disable);
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const member = await memberOrThrow(tx, tenantId, userId);
    if (member.isDisabled === disabled) return;
    await updateMember(tx, tenantId, userId, { isDisabled: disabled });
    if (disabled) await revokeUserSessions(tx, tenantId, userId, deps.now());
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: disabled ? 'member.disable' : 'member.enable',
      targetType: 'user',
      targetId: userId,
      summary: `${disabled ? 'Disabled' : 'Re-enabled'} ${nameOf(member)}`,
    });
  });
  // Who is active decides who is an expert (search/service.ts keeps them).
  deps.rankings.invalidate(tenantId);
}

/**
 * Mails a fresh claim link to an approved member who has not set a password; the links mailed
 * before stop working in the same transaction.
 */
export async function resendClaimMail(
  deps: Deps,
  tenant: TenantRow,
  actorId: number,
  userId: number,
) {
  await inTenant(deps.database.db, tenant.id, async (tx) => {
    const member = await memberOrThrow(tx, tenant.id, userId);
    if (member.accountId) throw conflict(`${member.firstName} has already claimed the profile.`);
    if (member.adminStatusId !== status.approved) {
      throw conflict('Approve the request before mailing a link to claim the profile.');
    }
    if (member.userStatusId === status.declined) {
      throw conflict(`${member.firstName} declined the invitation.`);
    }
    if (member.isDisabled) throw conflict('Re-enable the member before mailing the link.');
    await consumeTokens(tx, tenant.id, userId, 'claim', deps.now());
    await issueClaimMail(deps, tx, tenant, member, 'created');
    await recordAudit(tx, {
      tenantId: tenant.id,
      actorId,
      action: 'member.claim-mail',
      targetType: 'user',
      targetId: userId,
      summary: `Mailed a new claim link to ${nameOf(member)}; earlier links no longer work`,
    });
  });
  deps.mailer.nudge();
}

/** Changes a member's role and, when given, their permissions with it: one change, one entry. */
export async function setRole(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: { role_id: number; permissions?: string[] | undefined },
) {
  const { tenantId } = actor;
  if (userId === actor.userId && input.permissions && !input.permissions.includes('admin')) {
    throw conflict(selfLockoutMessages.admin);
  }
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const member = await memberOrThrow(tx, tenantId, userId);
    const role = await findRole(tx, tenantId, input.role_id);
    if (!role) {
      throw badRequest('Please choose a role.', [
        { field: 'role_id', error: 'Please choose a role.' },
      ]);
    }
    const permissions = input.permissions ?? member.permissions;
    await updateMember(tx, tenantId, userId, { roleId: role.id, permissions });
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: 'member.role',
      targetType: 'user',
      targetId: userId,
      summary: `Set the role of ${nameOf(member)} to ${role.name}${input.permissions ? ` with permissions ${permissions.join(', ') || 'none'}` : ''}`,
      detail: { role_id: role.id, from_role_id: member.roleId, permissions },
    });
  });
}
