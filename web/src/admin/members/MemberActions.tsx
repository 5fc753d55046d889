import type { AdminUser } from '@kindling/contract';
import { Button } from 'react-aria-components/Button';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components/Menu';
import menu from '../../shell/ProfileMenu.module.css';
import { actionsFor, type MemberAction } from './availableActions.ts';
import styles from './MembersSection.module.css';

const labels: Record<MemberAction, string> = {
  profile: 'Open profile',
  approve: 'Approve',
  decline: 'Decline…',
  'claim-mail': 'Resend claim email',
  role: 'Change role and permissions…',
  disable: 'Disable…',
  enable: 'Re-enable',
};

interface MemberActionsProps {
  user: AdminUser;
  isSelf: boolean;
  isBusy: boolean;
  onAction(action: MemberAction): void;
}

/** The per-member menu: one button per row, its choices read out as a menu. */
export function MemberActions({ user, isSelf, isBusy, onAction }: MemberActionsProps) {
  const actions = actionsFor(user, isSelf);
  return (
    <MenuTrigger>
      <Button
        className={styles.menuButton}
        aria-label={`Actions for ${user.first_name} ${user.last_name}`}
        isDisabled={isBusy}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </Button>
      <Popover className={menu.popover} placement="bottom end" offset={4}>
        <Menu
          className={menu.menu}
          aria-label={`Actions for ${user.first_name} ${user.last_name}`}
          onAction={(key) => onAction(key as MemberAction)}
        >
          {actions.flatMap((action) => {
            const item = (
              <MenuItem key={action} id={action} className={menu.item}>
                {labels[action]}
              </MenuItem>
            );
            return action === 'profile'
              ? [item, <Separator key="separator" className={menu.separator} />]
              : [item];
          })}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
