import { type DigestFrequency, notificationKinds } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps, SessionContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { createUnsubscribeTokens, unsubscribeHeaders } from '../notifications/unsubscribe-token.ts';
import { dailyPeriod, weeklyPeriod } from '../scheduler/periods.ts';
import type { TenantJob } from '../scheduler/scheduler.ts';
import { type DigestItem, takeDigestItems, tenantForMail } from './repository.ts';
import { digestMail, groupByIdea, mailedLink } from './template.ts';

/** CONTRACT §9: digests go out at 08:00 in the tenant's time zone (weekly ones on Mondays). */
const DIGEST_HOUR = 8;

/**
 * Queues, in the caller's transaction, one digest of this frequency for every member with
 * notifications waiting for it, and marks those notifications mailed there too: a digest is
 * queued exactly when its notifications are taken. Members with nothing get no mail. Answers how
 * many digests were queued.
 */
async function queueDigests(
  deps: Pick<Deps, 'config' | 'mailer'>,
  tx: Tx,
  tenantId: number,
  frequency: DigestFrequency,
  now: Date,
): Promise<number> {
  const items = await takeDigestItems(tx, tenantId, frequency, now);
  if (items.length === 0) return 0;
  const tenant = await tenantForMail(tx, tenantId);
  const brand = deps.mailer.brand(tenant);
  const tokens = createUnsubscribeTokens(deps.config.secretKey);
  const byMember = new Map<number, DigestItem[]>();
  for (const item of items) {
    byMember.set(item.recipientId, [...(byMember.get(item.recipientId) ?? []), item]);
  }
  const mails = [...byMember.entries()].map(([userId, mine]) => {
    // The unsubscribe names every kind this digest gathered (CONTRACT §9), in the contract's order.
    const kinds = notificationKinds.filter((kind) => mine.some((item) => item.kind === kind));
    const token = tokens.sign({ tenantId, userId, kinds });
    const [first] = mine as [DigestItem];
    return {
      ...digestMail(brand, {
        to: { email: first.email, firstName: first.firstName },
        frequency,
        groups: groupByIdea(mine),
        kinds,
        unsubscribeUrl: mailedLink(brand, `/unsubscribe?token=${encodeURIComponent(token)}`),
        timeZone: tenant.timeZone,
      }),
      headers: unsubscribeHeaders(deps.config.publicUrl, token),
    };
  });
  await deps.mailer.enqueue(tx, tenant, mails);
  return mails.length;
}

/** The daily and weekly digests as the scheduler's jobs, each once per tenant and period. */
export function digestJobs(deps: Pick<Deps, 'config' | 'mailer'>): TenantJob[] {
  const job = (
    frequency: DigestFrequency,
    period: (now: Date, timeZone: string, hour: number) => string,
  ): TenantJob => ({
    name: `digest-${frequency}`,
    period: (now, timeZone) => period(now, timeZone, DIGEST_HOUR),
    async run(tx, tenant, now) {
      const sent = await queueDigests(deps, tx, tenant.id, frequency, now);
      return sent > 0 ? async () => deps.mailer.nudge() : undefined;
    },
  });
  return [job('daily', dailyPeriod), job('weekly', weeklyPeriod)];
}

/**
 * POST /admin/digests: the tenant's digests of this frequency, at once, as if due now (CONTRACT
 * §9). The scheduled period is left unclaimed: at 08:00 it still runs, and sends only what has
 * arrived since, as every notification goes into one digest. Audited, since it mails members.
 */
export async function sendDigestsNow(
  deps: Deps,
  session: SessionContext,
  frequency: DigestFrequency,
): Promise<{ sent: number }> {
  const sent = await inTenant(deps.database.db, session.tenantId, async (tx) => {
    const count = await queueDigests(deps, tx, session.tenantId, frequency, deps.now());
    await recordAudit(tx, {
      tenantId: session.tenantId,
      actorId: session.userId,
      action: 'digests.send',
      targetType: 'tenant',
      targetId: session.tenantId,
      summary: `Sent the ${frequency} digests now: ${count} ${count === 1 ? 'mail' : 'mails'}`,
      detail: { frequency, sent: count },
    });
    return count;
  });
  if (sent > 0) deps.mailer.nudge();
  return { sent };
}
