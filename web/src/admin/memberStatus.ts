import { type AdminUser, status } from '@kindling/contract';

type Tone = 'neutral' | 'pending' | 'good' | 'bad';

export interface Badge {
  label: string;
  tone: Tone;
}

/**
 * A member's standing as badges (SPEC §4, §9): the administrator's decision, the invitee's answer,
 * whether a password was set, and whether the account is disabled.
 */
export function memberBadges(
  user: Pick<AdminUser, 'admin_status_id' | 'user_status_id' | 'has_account' | 'is_disabled'>,
): Badge[] {
  const badges: Badge[] = [];
  if (user.admin_status_id === status.pending)
    badges.push({ label: 'Awaiting approval', tone: 'pending' });
  if (user.admin_status_id === status.declined) badges.push({ label: 'Declined', tone: 'bad' });
  if (user.admin_status_id === status.approved) {
    if (user.user_status_id === status.declined) {
      badges.push({ label: 'Invitation declined', tone: 'bad' });
    } else if (user.has_account && user.user_status_id === status.approved) {
      badges.push({ label: 'Active', tone: 'good' });
    } else {
      badges.push({ label: 'Invited', tone: 'neutral' });
    }
  }
  if (user.is_disabled) badges.push({ label: 'Disabled', tone: 'bad' });
  return badges;
}
