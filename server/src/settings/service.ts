import { canonicalTimeZone, type TenantSettings } from '@kindling/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import type { Deps, SessionContext } from '../context.ts';
import { tenants } from '../db/schema-tenants.ts';
import { inTenant } from '../db/tenant-scope.ts';

export async function settingsForAdmin(deps: Deps, tenantId: number): Promise<TenantSettings> {
  const [row] = await inTenant(deps.database.db, tenantId, (tx) =>
    tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  if (!row) throw new Error(`tenant ${tenantId} is gone`);
  return { time_zone: row.timeZone };
}

/**
 * PUT /admin/settings: the time zone is stored under its canonical IANA name, so the scheduler's
 * periods (digests at 08:00, scheduler/periods.ts) read it as the console shows it. Audited when
 * it changes; the next look of the scheduler reckons the tenant's periods in the new zone.
 */
export async function saveSettings(
  deps: Deps,
  session: SessionContext,
  sent: TenantSettings,
): Promise<TenantSettings> {
  const timeZone = canonicalTimeZone(sent.time_zone) ?? sent.time_zone;
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const [before] = await tx
      .select({ timeZone: tenants.timeZone })
      .from(tenants)
      .where(eq(tenants.id, session.tenantId))
      .for('update');
    if (before && before.timeZone !== timeZone) {
      await tx.update(tenants).set({ timeZone }).where(eq(tenants.id, session.tenantId));
      await recordAudit(tx, {
        tenantId: session.tenantId,
        actorId: session.userId,
        action: 'settings.update',
        targetType: 'tenant',
        targetId: session.tenantId,
        summary: `Changed the time zone from ${before.timeZone} to ${timeZone}`,
        detail: { time_zone: { from: before.timeZone, to: timeZone } },
      });
    }
    return { time_zone: timeZone };
  });
}
