import {
  type DigestFrequency,
  defaultMailFrequency,
  notificationKinds,
  status,
} from '@kindling/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../db/client.ts';
import { sameTenant, type TenantRow, tenants } from '../db/schema-tenants.ts';

/** One notification a digest carries, with what its mail shows of its member and idea. */
const digestItemRow = z.strictObject({
  id: z.number(),
  recipientId: z.number(),
  email: z.string(),
  firstName: z.string(),
  kind: z.enum(notificationKinds),
  text: z.string(),
  link: z.string(),
  ideaId: z.number().nullable(),
  ideaTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type DigestItem = Omit<z.output<typeof digestItemRow>, 'createdAt'> & { createdAt: Date };

/** The kinds a member gets in this digest unless they chose otherwise (CONTRACT §9). */
const kindsByDefault = (frequency: DigestFrequency) =>
  notificationKinds.filter((kind) => defaultMailFrequency[kind] === frequency);

/**
 * Takes every notification a digest of this frequency gathers in the tenant, for members who may
 * receive mail: unread, never mailed, and of a kind the member mails at this frequency (their
 * setting, else the default). They are marked mailed in the same statement, in the transaction
 * that queues the digests, so each goes into one digest only; SKIP LOCKED leaves alone those a
 * concurrent digest (the schedule's and an administrator's at once) is taking. Walks
 * notifications_digest_idx, which holds only what still waits for a mail.
 */
export async function takeDigestItems(
  tx: Tx,
  tenantId: number,
  frequency: DigestFrequency,
  now: Date,
): Promise<DigestItem[]> {
  const defaults = kindsByDefault(frequency);
  const byDefault =
    defaults.length === 0
      ? sql`false`
      : sql`(s.frequency is null and n.kind in (${sql.join(
          defaults.map((kind) => sql`${kind}`),
          sql`, `,
        )}))`;
  const rows = await queryRows(
    tx,
    sql`with due as (
          select n.id, u.email, u.first_name, i.title
          from notifications n
          join users u on ${sameTenant('u.id', 'n.recipient_id')}
          left join notification_settings s
            on ${sameTenant('s.user_id', 'n.recipient_id')} and s.kind = n.kind
          left join ideas i on ${sameTenant('i.id', 'n.idea_id')}
          where n.tenant_id = ${tenantId} and n.read_at is null and n.mailed_at is null
            and not u.is_disabled and u.admin_status_id = ${status.approved}
            and u.user_status_id = ${status.approved}
            and (s.frequency = ${frequency} or ${byDefault})
          for update of n skip locked)
        update notifications n set mailed_at = ${now.toISOString()}::timestamptz
        from due
        where n.tenant_id = ${tenantId} and n.id = due.id
        returning n.id, n.recipient_id as "recipientId", due.email, due.first_name as "firstName",
          n.kind, n.text, n.link, n.idea_id as "ideaId", due.title as "ideaTitle",
          n.created_at as "createdAt"`,
    digestItemRow,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** The tenant as its mail is branded, read in the digest's transaction. */
export async function tenantForMail(tx: Tx, tenantId: number): Promise<TenantRow> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`tenant ${tenantId} is gone`);
  return row;
}
