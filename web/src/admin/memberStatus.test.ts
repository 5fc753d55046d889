import { describe, expect, it } from 'vitest';
import { memberBadges } from './memberStatus.ts';

const member = (admin: number, user: number, hasAccount = false, isDisabled = false) => ({
  admin_status_id: admin,
  user_status_id: user,
  has_account: hasAccount,
  is_disabled: isDisabled,
});

describe('memberBadges', () => {
  it.each([
    ['a request awaiting an administrator', member(1, 1), ['Awaiting approval']],
    ['an approved invitation not yet claimed', member(2, 1), ['Invited']],
    ['an accepted invitation without a password', member(2, 2), ['Invited']],
    ['an active member', member(2, 2, true), ['Active']],
    ['an invitee who declined', member(2, 3), ['Invitation declined']],
    ['a member an administrator declined', member(3, 2, true), ['Declined']],
    ['a disabled member', member(2, 2, true, true), ['Active', 'Disabled']],
  ])('labels %s', (_, value, labels) => {
    expect(memberBadges(value).map((badge) => badge.label)).toEqual(labels);
  });
});
