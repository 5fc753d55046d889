import { notificationKinds } from '@kindling/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { pageLimit } from '../db/page-limit.ts';
import { notificationTallies } from '../db/schema-notifications.ts';
import { isoTime } from '../ideas/idea-rows.ts';
import type { PageWindow } from '../ideas/paging.ts';

const notificationRow = z.strictObject({
  id: z.number(),
  kind: z.enum(notificationKinds),
  created_at: z.string(),
  read_at: z.string().nullable(),
  text: z.string(),
  link: z.string(),
  actor: z
    .strictObject({ id: z.number(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type NotificationRow = z.output<typeof notificationRow>;

/** The first page's rows carry the tally; an empty page is one row of counts and nulls. */
const tallies = { unread_count: z.number(), total_count: z.number() };
const firstPageRow = z.union([
  notificationRow.extend(tallies),
  z.strictObject({
    ...tallies,
    id: z.null(),
    kind: z.null(),
    created_at: z.null(),
    read_at: z.null(),
    text: z.null(),
    link: z.null(),
    actor: z.null(),
  }),
]);

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

/** The page's rows read whole and joined to their actors; an actor since removed reads as null. */
const pageRows = (tenantId: number, window: SQL) =>
  sql`select n.id, n.kind, ${isoTime(sql`n.created_at`)} as created_at,
        case when n.read_at is null then null else ${isoTime(sql`n.read_at`)} end as read_at,
        n.text, n.link,
        case when u.id is null then null
             else json_build_object('id', u.id, 'first_name', u.first_name,
                                    'last_name', u.last_name) end as actor,
        p.created_at as at
      from (${window}) p
      join notifications n on n.tenant_id = ${tenantId} and n.id = p.id
      left join users u on u.tenant_id = ${tenantId} and u.id = n.actor_id`;

/** The ids of a window of the recipient's notifications, found on their index alone. */
const windowIds = (
  tenantId: number,
  recipientId: number,
  unread: boolean,
  scan: SQL,
  offset: number,
  limit: number,
) =>
  sql`select id, created_at from notifications
      where tenant_id = ${tenantId} and recipient_id = ${recipientId} ${unreadOnly(unread)}
      order by created_at ${scan}, id ${scan}
      offset ${offset} limit ${pageLimit(limit)}`;

/**
 * One page of a member's notifications, newest first. The window is found on the recipient's
 * index first (read from the oldest end past the middle, ideas/paging.ts) and only its rows are
 * read whole.
 */
export function notificationsPage(
  db: Executor,
  tenantId: number,
  recipientId: number,
  unread: boolean,
  window: PageWindow,
): Promise<NotificationRow[]> {
  const ids = windowIds(
    tenantId,
    recipientId,
    unread,
    sql.raw(window.scan),
    window.offset,
    window.limit,
  );
  return queryRows(
    db,
    sql`select id, kind, created_at, read_at, text, link, actor from (${pageRows(tenantId, ids)}) r
        order by at desc, id desc`,
    notificationRow,
  );
}

/**
 * The first page and the tally in one statement: the page the bell and the list open on needs no
 * total to be found (it is the newest `size`), so one round trip to the database answers it
 * instead of two. The tally's row joins a page that may be empty, so the counts always come back.
 */
export async function firstNotificationsPage(
  db: Executor,
  tenantId: number,
  recipientId: number,
  unread: boolean,
  size: number,
): Promise<{ unread: number; total: number; rows: NotificationRow[] }> {
  const ids = windowIds(tenantId, recipientId, unread, sql.raw('desc'), 0, size);
  const rows = await queryRows(
    db,
    sql`select coalesce(t.unread, 0)::int as unread_count, coalesce(t.total, 0)::int as total_count,
          r.id, r.kind, r.created_at, r.read_at, r.text, r.link, r.actor
        from (select 1) one
        left join ${notificationTallies} t
          on t.tenant_id = ${tenantId} and t.user_id = ${recipientId}
        left join lateral (${pageRows(tenantId, ids)}) r on true
        order by r.at desc, r.id desc`,
    firstPageRow,
  );
  const first = rows[0];
  return {
    unread: first?.unread_count ?? 0,
    total: first?.total_count ?? 0,
    rows: rows.flatMap(({ unread_count: _u, total_count: _t, ...row }) =>
      row.id === null ? [] : [row],
    ),
  };
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
