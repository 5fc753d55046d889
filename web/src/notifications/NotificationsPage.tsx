import type { Notification, NotificationsQuery } from '@kindling/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../api/apiError.ts';
import { formatLongDate, formatRelativeTime } from '../format/dates.ts';
import { EmptyState, ListMessage } from '../ideas/EmptyState.tsx';
import { Pager } from '../lists/Pager.tsx';
import { flagParam, listParams, pageParam } from '../lists/urlState.ts';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { useUrlState } from '../lists/useUrlState.ts';
import { Avatar } from '../shell/Avatar.tsx';
import buttons from '../shell/buttons.module.css';
import { BellIcon } from '../shell/icons.tsx';
import { Screen } from '../shell/Screen.tsx';
import { showToast } from '../shell/showToast.ts';
import styles from './list.module.css';
import { fetchNotifications, markNotificationsRead, notificationKeys } from './notificationsApi.ts';

const actorName = (notification: Notification) =>
  notification.actor
    ? `${notification.actor.first_name} ${notification.actor.last_name}`
    : 'Kindling';

const listUrl = listParams<NotificationsQuery>()({
  page: pageParam,
  unread: flagParam('unread'),
});

/**
 * CONTRACT §9's notification list: the member's own, newest first, 10 a page. Opening one marks it
 * read before following its link, so the bell's count has dropped when the link's screen shows.
 * "Unread only" is kept in the URL like every list's filter.
 */
export function NotificationsPage() {
  const { page, filters, setFilters } = useUrlState(listUrl);
  const unreadOnly = filters.unread;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: notificationKeys.page(page, unreadOnly),
    queryFn: ({ signal }) => fetchNotifications(page, unreadOnly, { signal }),
    placeholderData: keepPreviousData,
  });
  // A page past the last (a stale link) goes back to the first.
  const pageGone = page > 1 && isApiError(list.error, 'NOT_FOUND');
  useBackToFirstPage(pageGone);
  const settle = (unreadCount: number) => {
    queryClient.setQueryData(notificationKeys.unread, unreadCount);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  const markAll = useMutation({
    mutationFn: () => markNotificationsRead({ all: true }),
    onSuccess: ({ unread_count }) => settle(unread_count),
    onError: () =>
      showToast('The notifications could not be marked read. Please try again.', 'error'),
  });

  const open = async (event: MouseEvent<HTMLAnchorElement>, notification: Notification) => {
    // A new tab or window keeps the link's own behaviour; it stays unread until seen here.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (notification.read_at === null) {
      try {
        await settle((await markNotificationsRead({ ids: [notification.id] })).unread_count);
      } catch {
        // Following the link matters more than the mark; the count catches up on its next read.
      }
    }
    navigate(notification.link);
  };

  const data = list.data;
  const unread = data?.unread_count ?? 0;
  return (
    <Screen
      title="Notifications"
      lead={
        data
          ? unread > 0
            ? `${unread === 1 ? '1 unread notification' : `${unread} unread notifications`}.`
            : 'You are all caught up.'
          : 'What happened on the ideas you lead, manage or follow.'
      }
      actions={
        <>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.toggle}`}
            aria-pressed={unreadOnly}
            onClick={() => setFilters({ unread: !unreadOnly })}
          >
            Unread only
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </button>
        </>
      }
    >
      {list.isPending || pageGone ? (
        <p className={styles.muted}>Loading notifications…</p>
      ) : list.isError ? (
        <ListMessage>The notifications could not be loaded. {list.error.message}</ListMessage>
      ) : data && data.notifications.length === 0 && unreadOnly ? (
        <EmptyState icon={<BellIcon width={28} height={28} />} title="Nothing unread">
          <p>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => setFilters({ unread: false })}
            >
              Show all notifications
            </button>
          </p>
        </EmptyState>
      ) : data && data.notifications.length === 0 ? (
        <EmptyState icon={<BellIcon width={28} height={28} />} title="No notifications yet">
          <p>
            Comments, interest requests and changes to ideas you lead, manage or follow will show
            here.
          </p>
        </EmptyState>
      ) : (
        data && (
          <>
            <ol
              className={styles.list}
              aria-label="Notifications, newest first"
              data-stale={list.isPlaceholderData || undefined}
            >
              {data.notifications.map((notification) => {
                const isUnread = notification.read_at === null;
                return (
                  <li key={notification.id} className={styles.item} data-unread={isUnread}>
                    <Link
                      className={styles.itemLink}
                      to={notification.link}
                      onClick={(event) => open(event, notification)}
                    >
                      <Avatar name={actorName(notification)} imageUrl={null} />
                      <span className={styles.body}>
                        <span className={styles.text}>
                          {isUnread && <span className="visually-hidden">Unread: </span>}
                          {notification.text}
                        </span>
                        <span className={styles.meta}>
                          {actorName(notification)} ·{' '}
                          <time
                            dateTime={notification.created_at}
                            title={formatLongDate(notification.created_at)}
                          >
                            {formatRelativeTime(notification.created_at)}
                          </time>
                        </span>
                      </span>
                      {isUnread && <span className={styles.dot} aria-hidden="true" />}
                    </Link>
                  </li>
                );
              })}
            </ol>
            <Pager page={data.page} totalPages={data.total_pages} />
          </>
        )
      )}
    </Screen>
  );
}
