import { type NotificationsPage, notificationMessages } from '@kindling/contract';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { notFound } from '../http/errors.ts';
import { pageWindow, totalPages } from '../ideas/paging.ts';
import {
  countNotifications,
  firstNotificationsPage,
  markNotificationsRead,
  type NotificationRow,
  notificationsPage,
} from './repository.ts';

const present = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind,
  created_at: row.created_at,
  read_at: row.read_at,
  text: row.text,
  link: row.link,
  actor: row.actor && {
    id: row.actor.id,
    first_name: row.actor.first_name,
    last_name: row.actor.last_name,
  },
});

/**
 * GET /notifications: the caller's own, newest first, with their unread count. A page past the
 * last is 404; page 1 of none is empty, and is read with the counts in one statement. Every statement walks an index led by tenant and
 * recipient whatever its parameters, so one generic plan serves them (db/tenant-scope.ts).
 */
export function listNotifications(
  deps: Deps,
  session: SessionContext,
  query: { page: number; page_size: number; unread: boolean },
): Promise<NotificationsPage> {
  const { tenantId, userId } = session;
  return inTenant(
    deps.database.db,
    tenantId,
    async (tx) => {
      if (query.page === 1) {
        const first = await firstNotificationsPage(
          tx,
          tenantId,
          userId,
          query.unread,
          query.page_size,
        );
        return {
          notifications: first.rows.map(present),
          unread_count: first.unread,
          page: 1,
          total_pages: totalPages(query.unread ? first.unread : first.total, query.page_size),
        };
      }
      const counts = await countNotifications(tx, tenantId, userId);
      const unreadCount = counts.unread;
      const total = query.unread ? counts.unread : counts.total;
      const pages = totalPages(total, query.page_size);
      if (query.page > 1 && query.page > pages) throw notFound(notificationMessages.pageNotFound);
      const rows =
        total === 0
          ? []
          : await notificationsPage(
              tx,
              tenantId,
              userId,
              query.unread,
              pageWindow(total, query.page, query.page_size, 'desc'),
            );
      return {
        notifications: rows.map(present),
        unread_count: unreadCount,
        page: query.page,
        total_pages: pages,
      };
    },
    'generic',
  );
}

/**
 * POST /notifications/read: the caller's own notifications named by `ids`, or all of them, are
 * read from now; answers how many stay unread. Ids of others' notifications change nothing and are
 * not told apart from one's own already read, so the call reveals nothing of them.
 */
export function markRead(
  deps: Deps,
  session: SessionContext,
  body: { ids?: number[] | undefined; all?: true | undefined },
) {
  const { tenantId, userId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    await markNotificationsRead(
      tx,
      tenantId,
      userId,
      body.all ? 'all' : { ids: body.ids ?? [] },
      deps.now(),
    );
    return { unread_count: (await countNotifications(tx, tenantId, userId)).unread };
  });
}
