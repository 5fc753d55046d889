import { limits } from '@kindling/contract';
import { insertToken } from '../auth/repository.ts';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { TenantRow } from '../db/system.ts';
import { claimInvitationMail } from '../mail/templates.ts';

/**
 * Issues a claim token (single purpose, bound to the user and tenant, 14 days) and queues the mail
 * with its link, in the caller's transaction.
 */
export async function issueClaimMail(
  deps: Deps,
  tx: Tx,
  tenant: TenantRow,
  person: { id: number; email: string; firstName: string },
  reason: 'invited' | 'approved' | 'created',
  inviterName?: string,
): Promise<void> {
  const token = randomToken();
  const now = deps.now();
  await insertToken(tx, {
    tenantId: tenant.id,
    userId: person.id,
    purpose: 'claim',
    tokenHash: tokenHash(deps.config.secretKey, token),
    expiresAt: new Date(now.getTime() + limits.claimTokenDays * 86_400_000),
  });
  const mail = claimInvitationMail(
    deps.mailer.brand(tenant),
    { email: person.email, firstName: person.firstName },
    deps.mailer.claimLink(tenant, token),
    reason,
    inviterName,
  );
  await deps.mailer.enqueue(tx, tenant, mail);
}
