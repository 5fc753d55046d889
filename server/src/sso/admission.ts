import { type SsoErrorCode, status } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import { openSession, type SignedIn } from '../auth/service.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError } from '../http/errors.ts';
import { findRole, insertInvitee } from '../invitations/repository.ts';
import { invitationRequestReceivedMail } from '../mail/templates.ts';
import { memberPending } from '../notifications/notices.ts';
import { notificationMailOf } from '../notifications/notification-mail.ts';
import {
  activateUser,
  findLinkedUser,
  findStanding,
  insertPasswordlessAccount,
  linkIdentity,
} from './identity-repository.ts';

/** Who the provider says the person is, once its answer has been verified. */
export interface Asserted {
  /** With `subject`, the stable identifier of CONTRACT §8. */
  issuer: string;
  subject: string;
  email: string | null;
  /** False only when the provider says the e-mail is not verified. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** SAML: the NameID and the attributes as they arrived, shown by a test sign-in. */
  saml?: { nameId: string | null; attributes: Record<string, string> };
}

/** A refusal with one of CONTRACT §8's codes; the browser goes back to the sign-in screen with it. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    reason: string,
  ) {
    super(reason);
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The asserted e-mail, lower case, once it is given, verified and of one of the provider's domains. */
export function checkedEmail(provider: IdentityProviderRow, asserted: Asserted): string {
  const email = asserted.email?.toLowerCase();
  if (!email?.includes('@')) {
    throw new SsoRefusal('NO_EMAIL', 'the provider gave no e-mail');
  }
  if (!asserted.emailVerified) {
    throw new SsoRefusal('EMAIL_NOT_VERIFIED', 'the provider says the e-mail is not verified');
  }
  if (!provider.emailDomains.includes(domainOf(email))) {
    throw new SsoRefusal(
      'DOMAIN_NOT_ALLOWED',
      `${domainOf(email)} is not a domain of the provider`,
    );
  }
  return email;
}

/** Why a found record may not sign in (as password sign-in would refuse it), or null. */
export function standingRefusal(found: {
  isDisabled: boolean;
  adminStatusId: number;
  userStatusId: number;
}): SsoErrorCode | null {
  if (found.isDisabled) return 'DISABLED';
  if (found.adminStatusId === status.declined || found.userStatusId === status.declined) {
    return 'DECLINED';
  }
  if (found.adminStatusId !== status.approved) return 'NOT_APPROVED';
  return null;
}

/**
 * The member an assertion names: the one linked to the provider's issuer and subject, else the
 * one with the asserted e-mail. `linked` says which; the sign-in and its test read it alike.
 */
export async function findAsserted(
  tx: Tx,
  tenantId: number,
  provider: IdentityProviderRow,
  asserted: Asserted,
  email: string,
) {
  const linked = await findLinkedUser(tx, tenantId, provider.id, asserted.issuer, asserted.subject);
  const found = await findStanding(tx, tenantId, linked === undefined ? { email } : { id: linked });
  return { found, linked: linked !== undefined };
}

/**
 * CONTRACT §8's matching rules, in the provider's tenant only. The e-mail must be given, verified
 * and of one of the provider's domains; the person is found by the stable identifier once linked,
 * else by e-mail; a found record is signed in, activated, or refused by its standing; an unknown
 * person is admitted or queued as the provider says. The session is opened in the same
 * transaction that linked or created the person, under the lock of openSession.
 */
export async function admit(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  asserted: Asserted,
  options: { remember: boolean; userAgent: string | undefined; replaces: number | null },
): Promise<SignedIn> {
  const email = checkedEmail(provider, asserted);
  const now = deps.now();
  const link = {
    tenantId: tenant.id,
    providerId: provider.id,
    issuer: asserted.issuer,
    subject: asserted.subject,
  };
  const match = () =>
    inTenant(deps.database.db, tenant.id, async (tx) => {
      const { found } = await findAsserted(tx, tenant.id, provider, asserted, email);
      if (!found) {
        return provider.autoApprove
          ? { userId: await addMember(tx, tenant, provider, asserted, email, now), refusal: null }
          : {
              userId: null,
              refusal: await queueRequest(deps, tx, tenant, provider, asserted, email),
            };
      }
      await linkIdentity(tx, { ...link, userId: found.id }, now);
      const refusal = standingRefusal(found);
      if (refusal) return { userId: found.id, refusal };
      // An approved profile not yet claimed is claimed by this sign-in: no password to invent.
      if (found.userStatusId !== status.approved) await activateUser(tx, tenant.id, found.id, now);
      if (found.accountId === null) await insertPasswordlessAccount(tx, tenant.id, found.id);
      return { userId: found.id, refusal: null };
    });
  // Two first sign-ins of one newcomer at once both find nobody and add them; the e-mail's unique
  // key lets one win, and the other, matched again, finds the member the winner made.
  const outcome = await match().catch((error: unknown) => {
    if (isUniqueViolation(error)) return match();
    throw error;
  });
  deps.mailer.nudge();
  if (outcome.refusal || outcome.userId === null) {
    throw new SsoRefusal(outcome.refusal ?? 'NOT_APPROVED', 'the member may not sign in yet');
  }
  const userId = outcome.userId;
  try {
    return await inTenant(deps.database.db, tenant.id, async (tx) => {
      const signedIn = await openSession(deps, tx, {
        tenantId: tenant.id,
        userId,
        remember: options.remember,
        userAgent: options.userAgent,
        replaces: options.replaces,
      });
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: userId,
        action: 'sso.sign-in',
        targetType: 'identity_provider',
        targetId: provider.id,
        summary: `Signed in through '${provider.name}'.`,
        detail: { issuer: asserted.issuer, subject: asserted.subject },
      });
      return signedIn;
    });
  } catch (error) {
    // A disable or a withdrawn approval that came between the two transactions.
    if (error instanceof AppError && error.code === 'NOT_APPROVED') {
      throw new SsoRefusal('NOT_APPROVED', 'approval withdrawn meanwhile');
    }
    if (error instanceof AppError) throw new SsoRefusal('DISABLED', 'disabled meanwhile');
    throw error;
  }
}

function names(asserted: Asserted, email: string) {
  return {
    firstName: (asserted.givenName?.trim() || email.slice(0, email.indexOf('@'))).slice(0, 100),
    lastName: (asserted.familyName?.trim() || '-').slice(0, 100),
  };
}

/** With auto_approve: an active member of the provider's default role, signed in at once. */
async function addMember(
  tx: Tx,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  asserted: Asserted,
  email: string,
  now: Date,
): Promise<number> {
  const role = await findRole(tx, tenant.id, provider.defaultRoleId);
  const userId = await insertInvitee(tx, {
    tenantId: tenant.id,
    email,
    ...names(asserted, email),
    roleId: provider.defaultRoleId,
    adminStatusId: status.approved,
    userStatusId: status.approved,
    permissions: role?.permissions ?? [],
  });
  await insertPasswordlessAccount(tx, tenant.id, userId);
  await linkIdentity(
    tx,
    {
      tenantId: tenant.id,
      providerId: provider.id,
      issuer: asserted.issuer,
      subject: asserted.subject,
      userId,
    },
    now,
  );
  return userId;
}

/**
 * Without auto_approve: a pending invitation request that administrators approve as any other,
 * mailed and notified to them as one.
 */
async function queueRequest(
  deps: Deps,
  tx: Tx,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  asserted: Asserted,
  email: string,
): Promise<'NOT_APPROVED'> {
  const role = await findRole(tx, tenant.id, provider.defaultRoleId);
  const person = names(asserted, email);
  const userId = await insertInvitee(tx, {
    tenantId: tenant.id,
    email,
    ...person,
    roleId: provider.defaultRoleId,
    adminStatusId: status.pending,
    userStatusId: status.pending,
    permissions: role?.permissions ?? [],
  });
  await linkIdentity(
    tx,
    {
      tenantId: tenant.id,
      providerId: provider.id,
      issuer: asserted.issuer,
      subject: asserted.subject,
      userId,
    },
    deps.now(),
  );
  const brand = deps.mailer.brand(tenant);
  await deps.mailer.enqueue(
    tx,
    tenant,
    invitationRequestReceivedMail(brand, { email, firstName: person.firstName }),
  );
  // Administrators hear of it as a notification, mailed as their settings say (CONTRACT §9).
  await memberPending(tx, {
    mail: notificationMailOf(deps),
    tenantId: tenant.id,
    actorId: userId,
    at: deps.now(),
    text: `${person.firstName} ${person.lastName} signed in through single sign-on and awaits approval`,
  });
  return 'NOT_APPROVED';
}
