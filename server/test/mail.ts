import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { outbox } from '../src/db/schema-records.ts';

/** Mails queued for an address, newest first, as the outbox holds them. */
export function mailsTo(db: Db, tenantId: number, to: string) {
  return db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.tenantId, tenantId), sql`lower(${outbox.toAddress}) = ${to.toLowerCase()}`),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

export async function lastMailTo(db: Db, tenantId: number, to: string) {
  const [mail] = await mailsTo(db, tenantId, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The claim link's token and tenant from a claim mail (CONTRACT §4). */
export function claimLinkOf(text: string) {
  const match = text.match(/(https?:\/\/\S+\/accept-invitation\?\S+)/);
  if (!match?.[1]) throw new Error('no claim link in mail');
  const url = new URL(match[1]);
  return {
    url,
    token: url.searchParams.get('token') ?? '',
    tenantId: Number(url.searchParams.get('tenant_id')),
    tenant: url.searchParams.get('tenant'),
  };
}

/** The 6-digit code on a line of its own (CONTRACT §4). */
export function resetCodeOf(text: string): string {
  const match = text.match(/^(\d{6})$/m);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}
