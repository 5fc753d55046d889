import {
  type InvitedUserRecord,
  invitationMessages,
  requestInvitationMessages,
  status,
} from '@kindling/contract';
import { hashPassword } from '../auth/password.ts';
import { findLiveToken, findUserDetails, insertAccount } from '../auth/repository.ts';
import { tokenHash } from '../auth/tokens.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { can } from '../http/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { invitationRequestReceivedMail } from '../mail/templates.ts';
import { memberPending } from '../notifications/notices.ts';
import { notificationMailOf } from '../notifications/notification-mail.ts';
import { issueClaimMail } from './claim-tokens.ts';
import {
  emailTaken,
  findInvitedRecord,
  findRole,
  insertInvitee,
  inviteeRow,
  setUserStatus,
} from './repository.ts';

const INVALID_CLAIM_LINK = 'This invitation link is invalid or has expired.';
const ALREADY_CLAIMED = 'This profile has already been claimed. Please sign in.';
const REQUEST_EXISTS = 'An account with this email already exists.';
export const INVITE_EXISTS = 'An account or invitation with this email already exists.';

export interface InvitationInput {
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  google_scholar_url: string | null;
  linkedin_url: string;
}

async function roleOrBadRequest(tx: Tx, tenantId: number, roleId: number, who: 'a' | 'your') {
  const role = await findRole(tx, tenantId, roleId);
  if (!role) {
    const message = invitationMessages(who).role;
    throw badRequest(message, [{ field: 'role_id', error: message }]);
  }
  return role;
}

/**
 * CONTRACT §3 POST /request-invitation: a pending record; the requester is mailed, administrators
 * mailed and notified (CONTRACT §9 `member_pending`, the requester its actor).
 */
export async function requestInvitation(deps: Deps, tenant: TenantRow, input: InvitationInput) {
  const brand = deps.mailer.brand(tenant);
  const id = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const role = await roleOrBadRequest(tx, tenant.id, input.role_id, 'your');
    if (await emailTaken(tx, tenant.id, input.email)) throw conflict(REQUEST_EXISTS);
    const userId = await insertInvitee(tx, {
      ...inviteeRow(tenant.id, input, role),
      adminStatusId: status.pending,
    });
    await deps.mailer.enqueue(
      tx,
      tenant,
      invitationRequestReceivedMail(brand, { email: input.email, firstName: input.first_name }),
    );
    // Administrators hear of it as a notification, mailed as their settings say (CONTRACT §9).
    await memberPending(tx, {
      mail: notificationMailOf(deps),
      tenantId: tenant.id,
      actorId: userId,
      at: deps.now(),
      text: `${input.first_name} ${input.last_name} asked to join as ${role.name}`,
    });
    return userId;
  });
  deps.mailer.nudge();
  return { id, message: requestInvitationMessages.success };
}

/**
 * CONTRACT §3 POST /invite-user: the invitee gets the claim mail at once; the record is approved
 * when an administrator invites, else it waits for one and administrators are notified.
 */
export async function inviteUser(
  deps: Deps,
  tenant: TenantRow,
  session: SessionContext,
  input: InvitationInput,
) {
  const id = await inTenant(deps.database.db, tenant.id, async (tx) => {
    const role = await roleOrBadRequest(tx, tenant.id, input.role_id, 'a');
    if (await emailTaken(tx, tenant.id, input.email)) throw conflict(INVITE_EXISTS);
    const inviter = await findUserDetails(tx, tenant.id, session.userId);
    const approved = can(session, 'admin');
    const userId = await insertInvitee(tx, {
      ...inviteeRow(tenant.id, input, role),
      adminStatusId: approved ? status.approved : status.pending,
      invitedById: session.userId,
    });
    await issueClaimMail(
      deps,
      tx,
      tenant,
      { id: userId, email: input.email, firstName: input.first_name },
      'invited',
      inviter ? `${inviter.firstName} ${inviter.lastName}` : undefined,
    );
    if (!approved) {
      await memberPending(tx, {
        mail: notificationMailOf(deps),
        tenantId: tenant.id,
        actorId: session.userId,
        at: deps.now(),
        text: `${inviter ? `${inviter.firstName} ${inviter.lastName}` : 'A member'} invited ${input.first_name} ${input.last_name}, who awaits approval`,
      });
    }
    return userId;
  });
  deps.mailer.nudge();
  return { id };
}

async function claimant(deps: Deps, tx: Tx, tenant: TenantRow, token: string) {
  const live = await findLiveToken(
    tx,
    tenant.id,
    'claim',
    tokenHash(deps.config.secretKey, token),
    deps.now(),
  );
  if (!live) return undefined;
  return findInvitedRecord(tx, tenant.id, live.userId);
}

/** CONTRACT §3 GET /verify-token. */
export async function verifyClaimToken(
  deps: Deps,
  tenant: TenantRow,
  token: string,
): Promise<InvitedUserRecord> {
  const record = await inTenant(deps.database.db, tenant.id, (tx) =>
    claimant(deps, tx, tenant, token),
  );
  if (!record) throw notFound(INVALID_CLAIM_LINK);
  return record;
}

/** CONTRACT §3 PUT /users/{id}/status: accept or decline the invitation the token is for. */
export async function updateInvitationStatus(
  deps: Deps,
  tenant: TenantRow,
  userId: number,
  token: string,
  decision: 'accept' | 'decline',
): Promise<void> {
  await inTenant(deps.database.db, tenant.id, async (tx) => {
    const record = await claimant(deps, tx, tenant, token);
    if (!record || record.id !== userId) throw forbidden();
    if (record.admin_status_id !== status.approved) throw forbidden();
    if (record.account_id) throw conflict(ALREADY_CLAIMED);
    await setUserStatus(
      tx,
      tenant.id,
      userId,
      decision === 'accept' ? status.approved : status.declined,
    );
  });
}

/** CONTRACT §3 POST /auth/claim: sets the password of an accepted, approved invitation. */
export async function claimProfile(deps: Deps, tenant: TenantRow, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  try {
    await inTenant(deps.database.db, tenant.id, async (tx) => {
      const record = await claimant(deps, tx, tenant, token);
      if (!record) throw notFound(INVALID_CLAIM_LINK);
      if (record.admin_status_id !== status.approved || record.user_status_id !== status.approved) {
        throw forbidden();
      }
      if (record.account_id) throw conflict(ALREADY_CLAIMED);
      await insertAccount(tx, tenant.id, record.id, passwordHash);
    });
  } catch (error) {
    // Two claims racing: the account's unique key lets one win; the other is told it is claimed.
    if (isUniqueViolation(error)) {
      throw conflict(ALREADY_CLAIMED);
    }
    throw error;
  }
}
