import { limits } from '@kindling/contract';
import { insertToken } from '../auth/repository.ts';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { TenantRow } from '../db/system.ts';
import { claimInvitationMail } from '../mail/templates.ts';

type Person = { id: number; email: string; firstName: string };
type Reason = 'invited' | 'approved' | 'created';

/**
 * Issues a claim token (single purpose, bound to the user and tenant, 14 days) and queues the mail
 * with its link, in the caller's transaction.
 */
export function issueClaimMail(
  deps: Deps,
  tx: Tx,
  tenant: TenantRow,
  person: Person,
  reason: Reason,
  inviterName?: string,
): Promise<void> {
  return issueClaimMails(deps, tx, tenant, [person], reason, inviterName);
}

/**
 * The same for many people at once (a bulk import): two statements whatever their number, one
 * for the tokens and one for the mails, so a batch of 500 does not cost 1,000 round trips.
 */
export async function issueClaimMails(
  deps: Deps,
  tx: Tx,
  tenant: TenantRow,
  people: Person[],
  reason: Reason,
  inviterName?: string,
): Promise<void> {
  if (people.length === 0) return;
  const brand = deps.mailer.brand(tenant);
  const expiresAt = new Date(deps.now().getTime() + limits.claimTokenDays * 86_400_000);
  const issued = people.map((person) => ({ person, token: randomToken() }));
  await insertToken(
    tx,
    issued.map(({ person, token }) => ({
      tenantId: tenant.id,
      userId: person.id,
      purpose: 'claim' as const,
      tokenHash: tokenHash(deps.config.secretKey, token),
      expiresAt,
    })),
  );
  await deps.mailer.enqueue(
    tx,
    tenant,
    issued.map(({ person, token }) =>
      claimInvitationMail(
        brand,
        { email: person.email, firstName: person.firstName },
        deps.mailer.claimLink(tenant, token),
        reason,
        inviterName,
      ),
    ),
  );
}
