import { describe, expect, it } from 'vitest';
import { type ClaimEvent, type ClaimStep, claimReducer, stepForRecord } from './claimFlow.ts';

const record = (admin: number, user: number, account: string | null = null) => ({
  admin_status_id: admin,
  user_status_id: user,
  account_id: account,
});

const run = (events: ClaimEvent[], from: ClaimStep = 'loading') =>
  events.reduce(claimReducer, from);

describe('stepForRecord', () => {
  it.each([
    ['declined by an administrator', record(3, 1), 'declined'],
    ['declined by the invitee', record(2, 3), 'declined'],
    ['declined by both', record(3, 3, 'acct'), 'declined'],
    ['waiting for an administrator', record(1, 1), 'adminNotApproved'],
    ['approved, accepted, no password yet', record(2, 2), 'setPassword'],
    ['approved, accepted, password set', record(2, 2, 'acct-1'), 'awaitingLogin'],
    ['approved, not yet accepted', record(2, 1), 'acceptInvite'],
  ] as const)('puts a record %s on %s', (_, value, step) => {
    expect(stepForRecord(value)).toBe(step);
  });

  it('treats status ids it does not know as an invalid link', () => {
    expect(stepForRecord(record(9, 9))).toBe('invalidToken');
  });
});

describe('claimReducer', () => {
  it('walks an invitation from acceptance to the finished profile', () => {
    expect(
      run([
        { type: 'verified', record: record(2, 1) },
        { type: 'accepted' },
        { type: 'passwordSet' },
        { type: 'reviewed' },
      ]),
    ).toBe('complete');
  });

  it('offers to reconsider before declining for good', () => {
    const appeal = run([{ type: 'verified', record: record(2, 1) }, { type: 'decline' }]);
    expect(appeal).toBe('declineAppeal');
    expect(claimReducer(appeal, { type: 'reconsider' })).toBe('acceptInvite');
    expect(claimReducer(appeal, { type: 'declined' })).toBe('declined');
  });

  it('shows the invalid-link screen when the token cannot be verified', () => {
    expect(run([{ type: 'verifyFailed' }])).toBe('invalidToken');
  });

  it('ignores events that do not belong to the current step', () => {
    expect(claimReducer('acceptInvite', { type: 'passwordSet' })).toBe('acceptInvite');
    expect(claimReducer('declined', { type: 'reconsider' })).toBe('declined');
    expect(claimReducer('setPassword', { type: 'verified', record: record(2, 1) })).toBe(
      'setPassword',
    );
    expect(claimReducer('review', { type: 'verifyFailed' })).toBe('review');
  });
});
