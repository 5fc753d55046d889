import type { UserDetails } from '@kindling/contract';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { Avatar } from './Avatar.tsx';
import { helpCenterHref } from './helpCenter.ts';
import { ChevronDownIcon } from './icons.tsx';
import { MenuAction, MenuButton, MenuLink, MenuSeparator } from './MenuButton.tsx';
import styles from './ProfileMenu.module.css';

interface ProfileMenuProps {
  user: UserDetails;
  onSignOut(): void;
}

/** The profile button and its dropdown (SPEC §2 menu entries, gated by permission per §6). */
export function ProfileMenu({ user, onSignOut }: ProfileMenuProps) {
  const { can } = useAuth();
  const { branding } = useTenant();
  const labels = branding.navLabels;

  return (
    <MenuButton
      label="Account"
      buttonClassName={styles.trigger}
      button={
        <>
          <Avatar name={user.name} imageUrl={user.profileImageUrl} />
          <span className={styles.name}>
            <span className="visually-hidden">Account menu for </span>
            {user.name}
          </span>
          <ChevronDownIcon className={styles.chevron} />
        </>
      }
      header={
        <div className={styles.identity}>
          <span className={styles.identityName}>{user.name}</span>
          <span className={styles.identityEmail}>{user.email}</span>
        </div>
      }
    >
      {can('create_idea') && <MenuLink to={paths.myIdeas}>{labels.myIdeas}</MenuLink>}
      <MenuLink to={paths.profile(user.userId)}>{labels.myProfile}</MenuLink>
      <MenuLink to={paths.following}>{labels.following}</MenuLink>
      <MenuLink to={paths.myInterest}>My interest requests</MenuLink>
      <MenuLink to={paths.notificationSettings}>Notification settings</MenuLink>
      <MenuLink to={paths.account}>Account and security</MenuLink>
      <MenuSeparator />
      <MenuLink to={helpCenterHref(branding)}>{labels.helpCenter}</MenuLink>
      <MenuLink to={paths.terms}>{labels.terms}</MenuLink>
      {can('admin') && <MenuLink to={paths.admin}>{labels.administration}</MenuLink>}
      <MenuSeparator />
      <MenuAction onAction={onSignOut}>{labels.signOut}</MenuAction>
    </MenuButton>
  );
}
