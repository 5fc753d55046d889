import type { NotificationKind } from '@kindling/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { pageLimit } from '../db/page-limit.ts';
import { notificationTallies } from '../db/schema-notifications.ts';
import { isoTime } from '../ideas/idea-rows.ts';
import type { PageWindow } from '../ideas/paging.ts';

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  created_at: string;
  read_at: string | null;
  text: string;
  link: string;
  actor: { id: number; first_name: string; last_name: string } | null;
}

/** Only what is unread, when asked: the page is then found on notifications_unread_idx. */
const unreadOnly = (unread: boolean) => (unread ? sql`and read_at is null` : sql``);

/**
 * A member's notifications, all and unread, as their tally keeps them (drizzle/0017): one row read
 * by its key, however many they have.
 */
export async function countNotifications(
  db: Executor,
  tenantId: number,
  recipientId: number,
): Promise<{ unread: number; total: number }> {
  const [row] = await db
    .select({ unread: notificationTallies.unread, total: notificationTallies.total })
    .from(notificationTallies)
    .where(
      and(eq(notificationTallies.tenantId, tenantId), eq(notificationTallies.userId, recipientId)),
    );
  return row ?? { unread: 0, total: 0 };
}

/**
 * One page of a member's notifications, newest first. The window is found on the recipient's
 * index first (read from the oldest end past the middle, ideas/paging.ts) and only its rows are
 * read whole and joined to their actors; an actor since removed reads as null.
 */
export function notificationsPage(
  db: Executor,
  tenantId: number,
  recipientId: number,
  unread: boolean,
  window: PageWindow,
): Promise<NotificationRow[]> {
  const scan = sql.raw(window.scan);
  return queryRows<NotificationRow>(
    db,
    sql`with page as (
          select id, created_at from notifications
          where tenant_id = ${tenantId} and recipient_id = ${recipientId} ${unreadOnly(unread)}
          order by created_at ${scan}, id ${scan}
          offset ${window.offset} limit ${pageLimit(window.limit)})
        select n.id, n.kind, ${isoTime(sql`n.created_at`)} as created_at,
          case when n.read_at is null then null else ${isoTime(sql`n.read_at`)} end as read_at,
          n.text, n.link,
          case when u.id is null then null
               else json_build_object('id', u.id, 'first_name', u.first_name,
                                      'last_name', u.last_name) end as actor
        from page p
        join notifications n on n.tenant_id = ${tenantId} and n.id = p.id
        left join users u on u.tenant_id = ${tenantId} and u.id = n.actor_id
        order by p.created_at desc, p.id desc`,
  );
}

/**
 * Marks a member's unread notifications read: those of `ids` that are theirs, or all of them.
 * Others' ids and ones already read are left as they are (their first reading time stays).
 */
export async function markNotificationsRead(
  db: Executor,
  tenantId: number,
  recipientId: number,
  which: { ids: number[] } | 'all',
  at: Date,
): Promise<void> {
  // The ids go as one array parameter, so the statement's text (prepared once) never varies.
  const chosen = which === 'all' ? sql`` : sql`and id = any(${`{${which.ids.join(',')}}`}::int[])`;
  await db.execute(
    sql`update notifications set read_at = ${at.toISOString()}::timestamptz
        where tenant_id = ${tenantId} and recipient_id = ${recipientId} and read_at is null
          ${chosen}`,
  );
}
