import { type AdminUser, status } from '@kindling/contract';

export type MemberAction =
  | 'profile'
  | 'approve'
  | 'decline'
  | 'claim-mail'
  | 'role'
  | 'disable'
  | 'enable'
  | 'erase';

/** What can be done to a member in their current standing; nothing that locks oneself out. */
export function actionsFor(user: AdminUser, isSelf: boolean): MemberAction[] {
  const actions: MemberAction[] = ['profile'];
  if (user.admin_status_id !== status.approved) actions.push('approve');
  if (user.admin_status_id !== status.declined && !isSelf) actions.push('decline');
  if (
    user.admin_status_id === status.approved &&
    !user.has_account &&
    user.user_status_id !== status.declined &&
    !user.is_disabled
  ) {
    actions.push('claim-mail');
  }
  actions.push('role');
  if (user.is_disabled) actions.push('enable');
  else if (!isSelf) actions.push('disable');
  // One's own account is erased from Account and security, with the password (CONTRACT §11).
  if (!isSelf) actions.push('erase');
  return actions;
}
