import type { AdminUser } from '@kindling/contract';
import { Fragment } from 'react';
import { MenuAction, MenuButton, MenuSeparator } from '../../shell/MenuButton.tsx';
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
  erase: 'Erase…',
};

interface MemberActionsProps {
  user: AdminUser;
  isSelf: boolean;
  isBusy: boolean;
  onAction(action: MemberAction): void;
}

/** The per-member menu: one button per row, its choices read out as a menu. */
export function MemberActions({ user, isSelf, isBusy, onAction }: MemberActionsProps) {
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <MenuButton
      label={`Actions for ${name}`}
      buttonLabel={`Actions for ${name}`}
      buttonClassName={styles.menuButton}
      isDisabled={isBusy}
      offset={4}
      button={
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      }
    >
      {actionsFor(user, isSelf).map((action) => (
        <Fragment key={action}>
          <MenuAction onAction={() => onAction(action)}>{labels[action]}</MenuAction>
          {action === 'profile' && <MenuSeparator />}
        </Fragment>
      ))}
    </MenuButton>
  );
}
