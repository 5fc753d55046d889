import type { Permission } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { type Access, decideAccess, mustSetUpMfaFirst } from './guards.ts';

const signedIn: Access = { kind: 'signedIn' };
const creators: Access = { kind: 'signedIn', permission: 'create_idea' };
const signedOutOnly: Access = { kind: 'signedOutOnly' };

/** The member's `can`, for the permissions they hold. */
const holding =
  (...held: Permission[]) =>
  (permission: Permission) =>
    held.includes(permission);

describe('decideAccess', () => {
  it('waits while the session is being checked', () => {
    for (const access of [signedIn, creators, signedOutOnly]) {
      expect(decideAccess(access, 'pending', holding())).toEqual({ kind: 'wait' });
    }
  });

  it('sends signed-out visitors of a signed-in route home, remembering the origin', () => {
    expect(decideAccess(signedIn, 'signedOut', holding())).toEqual({
      kind: 'redirect',
      to: '/',
      rememberOrigin: true,
    });
  });

  it('sends members without the permission home too, forgetting where they were going', () => {
    expect(decideAccess(creators, 'signedIn', holding('invite_user'))).toEqual({
      kind: 'redirect',
      to: '/',
      rememberOrigin: false,
    });
  });

  it('lets in members who hold the permission', () => {
    expect(decideAccess(creators, 'signedIn', holding('create_idea'))).toEqual({ kind: 'render' });
    expect(decideAccess(signedIn, 'signedIn', holding())).toEqual({ kind: 'render' });
  });

  it('sends members away from signed-out-only pages to the dashboard', () => {
    expect(decideAccess(signedOutOnly, 'signedIn', holding())).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      rememberOrigin: false,
    });
    expect(decideAccess(signedOutOnly, 'signedOut', holding())).toEqual({ kind: 'render' });
  });

  it('sends a member who just signed in to the remembered origin instead', () => {
    expect(decideAccess(signedOutOnly, 'signedIn', holding(), '/people?page=2')).toEqual({
      kind: 'redirect',
      to: '/people?page=2',
      rememberOrigin: false,
    });
  });
});

describe('an administrator who must set up a second factor first', () => {
  it('is held on the account screen, and only while it is required', () => {
    expect(mustSetUpMfaFirst(signedIn, 'signedIn', true, '/dashboard')).toBe(true);
    expect(mustSetUpMfaFirst(creators, 'signedIn', true, '/my-ideas')).toBe(true);
    expect(mustSetUpMfaFirst(signedIn, 'signedIn', true, '/account')).toBe(false);
    expect(mustSetUpMfaFirst(signedIn, 'signedIn', false, '/dashboard')).toBe(false);
    expect(mustSetUpMfaFirst(signedOutOnly, 'signedIn', true, '/signin')).toBe(false);
    expect(mustSetUpMfaFirst(signedIn, 'pending', true, '/dashboard')).toBe(false);
  });
});
