import type { UserDetails } from '@kindling/contract';
import { RouterProvider } from 'react-aria-components';
import { Button } from 'react-aria-components/Button';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components/Menu';
import { useHref, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { Avatar } from './Avatar.tsx';
import { helpCenterHref } from './helpCenter.ts';
import { ChevronDownIcon } from './icons.tsx';
import styles from './ProfileMenu.module.css';

/** A scheme such as `mailto:` marks a link that leaves the app. */
const leavesApp = (href: string) => /^[a-z][a-z\d+.-]*:/i.test(href);

/** Resolves in-app paths through the router; links that leave the app stay as they are. */
function useMenuHref(href: string): string {
  const inApp = useHref(leavesApp(href) ? '/' : href);
  return leavesApp(href) ? href : inApp;
}

interface ProfileMenuProps {
  user: UserDetails;
  onSignOut(): void;
}

/** The profile button and its dropdown (SPEC §2 menu entries, gated by permission per §6). */
export function ProfileMenu({ user, onSignOut }: ProfileMenuProps) {
  const { can } = useAuth();
  const { branding } = useTenant();
  const labels = branding.navLabels;
  const navigate = useNavigate();

  return (
    // Menu items are react-aria links; this makes them navigate inside the app, not reload it.
    <RouterProvider navigate={navigate} useHref={useMenuHref}>
      <MenuTrigger>
        <Button className={styles.trigger}>
          <Avatar name={user.name} imageUrl={user.profileImageUrl} />
          <span className={styles.name}>
            <span className="visually-hidden">Account menu for </span>
            {user.name}
          </span>
          <ChevronDownIcon className={styles.chevron} />
        </Button>
        <Popover className={styles.popover} placement="bottom end" offset={8}>
          <div className={styles.identity}>
            <span className={styles.identityName}>{user.name}</span>
            <span className={styles.identityEmail}>{user.email}</span>
          </div>
          <Menu className={styles.menu} aria-label="Account">
            {can('create_idea') && (
              <MenuItem className={styles.item} href={paths.myIdeas}>
                {labels.myIdeas}
              </MenuItem>
            )}
            <MenuItem className={styles.item} href={paths.profile(user.userId)}>
              {labels.myProfile}
            </MenuItem>
            <MenuItem className={styles.item} href={paths.following}>
              {labels.following}
            </MenuItem>
            <Separator className={styles.separator} />
            <MenuItem className={styles.item} href={helpCenterHref(branding)}>
              {labels.helpCenter}
            </MenuItem>
            <MenuItem className={styles.item} href={paths.terms}>
              {labels.terms}
            </MenuItem>
            {can('admin') && (
              <MenuItem className={styles.item} href={paths.admin}>
                {labels.administration}
              </MenuItem>
            )}
            <Separator className={styles.separator} />
            <MenuItem className={styles.item} onAction={onSignOut}>
              {labels.signOut}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  );
}
