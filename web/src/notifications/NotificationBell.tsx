import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { paths } from '../app/paths.ts';
import buttons from '../shell/buttons.module.css';
import { BellIcon } from '../shell/icons.tsx';
import { useFirstPaintDone } from '../shell/useFirstPaintDone.ts';
import styles from './list.module.css';
import { fetchUnreadCount, notificationKeys } from './notificationsApi.ts';

/** Live enough (CONTRACT §9): the count is read again every minute and when the window regains focus. */
const REFRESH_MS = 60_000;

/** The count as the badge shows it: past 99 it reads 99+. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The header's bell: a link to the notification list, its badge the unread count. */
export function NotificationBell() {
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnreadCount({ signal }),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    // Asked for once the first screen has painted, which waits for no badge (decision 0054).
    enabled: useFirstPaintDone(),
  });
  const count = unread.data ?? 0;
  return (
    <NavLink
      to={paths.notifications}
      className={`${buttons.iconOnly} ${styles.bell}`}
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
    >
      <BellIcon />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </NavLink>
  );
}
