/** What a member's notifications hold, read straight from the table in their tenant. */
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';
import { notifications } from '../db/schema-notifications.ts';
import { bindTenant } from '../db/tenant-scope.ts';

export function noticesOf(t: TestApp, tenantId: number, recipientId: number) {
  return t.db.transaction(async (tx) => {
    await bindTenant(tx, tenantId);
    return tx
      .select({
        kind: notifications.kind,
        actorId: notifications.actorId,
        ideaId: notifications.ideaId,
        text: notifications.text,
        link: notifications.link,
      })
      .from(notifications)
      .where(and(eq(notifications.tenantId, tenantId), eq(notifications.recipientId, recipientId)))
      .orderBy(asc(notifications.id));
  });
}
