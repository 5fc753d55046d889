import type { MemberStanding } from '@kindling/contract';

/** A standing as the console names it, in the members filter and on the overview. */
export const standingLabels: Record<MemberStanding, string> = {
  pending: 'Awaiting approval',
  invited: 'Invited',
  active: 'Active',
  declined: 'Declined',
  disabled: 'Disabled',
};
