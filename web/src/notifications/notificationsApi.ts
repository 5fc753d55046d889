import type { MarkReadInput, NotificationsPage } from '@kindling/contract';
import { api } from '../api/client.ts';

/** Query keys of CONTRACT §9's notifications: the bell's count and the list's pages share a root. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number, unreadOnly: boolean) => ['notifications', 'page', page, unreadOnly] as const,
};

type Signal = { signal?: AbortSignal };

const NOTIFICATIONS_PAGE_SIZE = 10;

export const fetchNotifications = (page: number, unreadOnly: boolean, { signal }: Signal = {}) =>
  api.get<NotificationsPage>('/notifications', {
    query: { page, page_size: NOTIFICATIONS_PAGE_SIZE, ...(unreadOnly ? { unread: 'true' } : {}) },
    signal,
  });

/** The bell's count: the smallest page of the unread ones carries it. */
export const fetchUnreadCount = ({ signal }: Signal = {}) =>
  api
    .get<NotificationsPage>('/notifications', {
      query: { page: 1, page_size: 1, unread: 'true' },
      signal,
    })
    .then((answer) => answer.unread_count);

export const markNotificationsRead = (body: MarkReadInput) =>
  api.post<{ unread_count: number }>('/notifications/read', { body });
