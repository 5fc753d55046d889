import { type SsoTestResult, status } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import type { TenantRow } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import {
  type Asserted,
  checkedEmail,
  findAsserted,
  SsoRefusal,
  standingRefusal,
} from './admission.ts';
import { findTestResult, saveTestResult, sessionUser } from './identity-repository.ts';

/** How long the console can read a test's outcome: long enough to come back and look. */
const RESULT_MINUTES = 5;

type Judgement = Pick<SsoTestResult, 'outcome' | 'code' | 'reason' | 'member' | 'linked'>;

/**
 * What admit() would do with this person, read and never written: the same checks in the same
 * order (provider enabled, e-mail, stable identifier then e-mail, standing, newcomer policy).
 */
async function judge(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  asserted: Asserted,
): Promise<Judgement> {
  const refuse = (code: SsoTestResult['code'], reason: string, more?: Partial<Judgement>) => ({
    outcome: 'refuse' as const,
    code,
    reason,
    member: null,
    linked: false,
    ...more,
  });
  if (!provider.enabled) return refuse('DISABLED', 'the provider is disabled');
  let email: string;
  try {
    email = checkedEmail(provider, asserted);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(error.code, error.message);
    throw error;
  }
  return inTenant(deps.database.db, tenant.id, async (tx) => {
    const { found, linked } = await findAsserted(tx, tenant.id, provider, asserted, email);
    if (!found) {
      return provider.autoApprove
        ? { outcome: 'admit', code: null, reason: null, member: null, linked: false }
        : {
            outcome: 'queue',
            code: 'NOT_APPROVED',
            reason: 'a pending invitation request would be made',
            member: null,
            linked: false,
          };
    }
    const member = { id: found.id, email: found.email };
    const standing = standingRefusal(found);
    if (standing) {
      return refuse(standing, 'the member may not sign in yet', {
        member,
        linked,
      });
    }
    return {
      outcome: found.userStatusId === status.approved ? 'sign_in' : 'claim',
      code: null,
      reason: null,
      member,
      linked,
    };
  });
}

/**
 * Concludes an administrator's test sign-in: what arrived and what the matching rules would do,
 * kept for the session that started it, and audited. Nobody is signed in, made, linked or changed.
 */
export async function concludeTest(
  deps: Deps,
  tenant: TenantRow,
  provider: IdentityProviderRow,
  sessionId: number,
  answer: Asserted | SsoRefusal,
) {
  const judgement: Judgement =
    answer instanceof SsoRefusal
      ? {
          outcome: 'refuse',
          code: answer.code,
          reason: answer.message.slice(0, 500),
          member: null,
          linked: false,
        }
      : await judge(deps, tenant, provider, answer);
  const now = deps.now();
  const result: SsoTestResult = {
    tested_at: now.toISOString(),
    asserted:
      answer instanceof SsoRefusal
        ? null
        : {
            issuer: answer.issuer,
            subject: answer.subject,
            name_id: answer.saml?.nameId ?? null,
            email: answer.email,
            email_verified: answer.emailVerified,
            given_name: answer.givenName,
            family_name: answer.familyName,
            attributes: answer.saml?.attributes ?? {},
          },
    ...judgement,
  };
  await inTenant(deps.database.db, tenant.id, async (tx) => {
    await saveTestResult(tx, {
      tenantId: tenant.id,
      providerId: provider.id,
      sessionId,
      result,
      expiresAt: new Date(now.getTime() + RESULT_MINUTES * 60_000),
    });
    await recordAudit(tx, {
      tenantId: tenant.id,
      actorId: await sessionUser(tx, tenant.id, sessionId),
      action: 'sso.test',
      targetType: 'identity_provider',
      targetId: provider.id,
      summary: `Tested sign-in through '${provider.name}': ${result.outcome}${result.code ? ` (${result.code})` : ''}.`,
      detail: { outcome: result.outcome, code: result.code, subject: result.asserted?.subject },
    });
  });
}

/** The session's last test of this provider, while it is fresh; null when there is none. */
export async function readTestResult(
  deps: Deps,
  tenantId: number,
  providerId: number,
  sessionId: number,
): Promise<SsoTestResult | null> {
  const result = await inTenant(deps.database.db, tenantId, (tx) =>
    findTestResult(tx, tenantId, providerId, sessionId, deps.now()),
  );
  return (result as SsoTestResult | undefined) ?? null;
}
