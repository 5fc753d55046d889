import {
  defaultMailFrequency,
  type MailFrequency,
  type NotificationKind,
  status,
} from '@kindling/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notificationSettings } from '../db/schema-notifications.ts';
import { users } from '../db/schema-people.ts';
import { sameTenant } from '../db/schema-tenants.ts';

export type MailSettings = Record<NotificationKind, MailFrequency>;

/** A member's frequency for every kind: their own choices over CONTRACT §9's defaults. */
export async function mailSettingsOf(
  db: Executor,
  tenantId: number,
  userId: number,
): Promise<MailSettings> {
  const rows = await db
    .select({ kind: notificationSettings.kind, frequency: notificationSettings.frequency })
    .from(notificationSettings)
    .where(
      and(eq(notificationSettings.tenantId, tenantId), eq(notificationSettings.userId, userId)),
    );
  return {
    ...defaultMailFrequency,
    ...Object.fromEntries(rows.map((row) => [row.kind, row.frequency])),
  };
}

/** Writes the given kinds' frequencies, one upsert: two saves at once each land whole per kind. */
export async function setMailFrequencies(
  db: Executor,
  tenantId: number,
  userId: number,
  changes: Partial<MailSettings>,
): Promise<void> {
  const values = Object.entries(changes).flatMap(([kind, frequency]) =>
    frequency ? [{ tenantId, userId, kind: kind as NotificationKind, frequency }] : [],
  );
  if (values.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [
        notificationSettings.tenantId,
        notificationSettings.userId,
        notificationSettings.kind,
      ],
      set: { frequency: sql`excluded.frequency` },
    });
}

/** Whether the member exists in the tenant, for a token that may name a deleted one. */
export async function memberExists(db: Executor, tenantId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row !== undefined;
}

export interface MailRecipient {
  id: number;
  email: string;
  firstName: string;
}

/**
 * Of `userIds`, those to mail a notification of `kind` at once: active, approved members with an
 * e-mail whose frequency for the kind (their own or the default) is immediate.
 */
export async function immediateRecipients(
  db: Executor,
  tenantId: number,
  userIds: number[],
  kind: NotificationKind,
): Promise<MailRecipient[]> {
  const frequency = sql<MailFrequency>`coalesce(${notificationSettings.frequency}, ${defaultMailFrequency[kind]})`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .leftJoin(
      notificationSettings,
      and(sameTenant(notificationSettings.userId, users.id), eq(notificationSettings.kind, kind)),
    )
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, userIds),
        eq(users.isDisabled, false),
        eq(users.adminStatusId, status.approved),
        eq(users.userStatusId, status.approved),
        ne(users.email, ''),
        sql`${frequency} = 'immediate'`,
      ),
    );
}
