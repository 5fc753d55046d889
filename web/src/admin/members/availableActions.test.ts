import type { AdminUser } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor } from './availableActions.ts';

const member = (values: Partial<AdminUser>): AdminUser => ({
  id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@uni.edu',
  role_id: 1,
  role_name: 'Student',
  school_id: null,
  school_name: null,
  department_id: null,
  department_name: null,
  linkedin_url: null,
  google_scholar_url: null,
  admin_status_id: 2,
  user_status_id: 2,
  has_account: true,
  is_disabled: false,
  permissions: [],
  invited_by_name: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...values,
});

describe('what an administrator can do to a member', () => {
  it('offers approval to requests and declined members, decline to everyone not declined', () => {
    expect(
      actionsFor(member({ admin_status_id: 1, user_status_id: 1, has_account: false }), false),
    ).toEqual(['profile', 'approve', 'decline', 'role', 'disable', 'erase']);
    expect(actionsFor(member({ admin_status_id: 3 }), false)).toEqual([
      'profile',
      'approve',
      'role',
      'disable',
      'erase',
    ]);
  });

  it('offers the claim mail to approved members without a password who have not declined', () => {
    expect(actionsFor(member({ user_status_id: 1, has_account: false }), false)).toContain(
      'claim-mail',
    );
    expect(actionsFor(member({}), false)).not.toContain('claim-mail');
    expect(actionsFor(member({ user_status_id: 3, has_account: false }), false)).not.toContain(
      'claim-mail',
    );
  });

  it('offers re-enabling to disabled members instead of disabling', () => {
    const actions = actionsFor(member({ is_disabled: true }), false);
    expect(actions).toContain('enable');
    expect(actions).not.toContain('disable');
  });

  it('offers erasure of anyone but oneself, whose erasure is on Account and security', () => {
    expect(actionsFor(member({ is_disabled: true }), false)).toContain('erase');
    expect(actionsFor(member({}), true)).not.toContain('erase');
  });

  it('never offers an administrator a way to lock themselves out', () => {
    expect(actionsFor(member({}), true)).toEqual(['profile', 'role']);
  });
});
