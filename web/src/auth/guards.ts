import type { Permission } from '@kindling/contract';
import { paths } from '../app/paths.ts';

export type AuthStatus = 'pending' | 'signedIn' | 'signedOut';

/** Who may see a route (SPEC §2): signed-out visitors only, or signed-in members with a permission. */
export type Access = { kind: 'signedOutOnly' } | { kind: 'signedIn'; permission?: Permission };

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; rememberOrigin: boolean };

/**
 * SPEC §2 guards: a signed-in route sends anyone not both authenticated and authorised to `/`,
 * remembering where they were going; a signed-out-only page sends members to the dashboard, or
 * to the origin a guard remembered, which is how signing in returns a member to where they were.
 * Nothing is decided while the session is still being checked.
 */
export function decideAccess(
  access: Access,
  status: AuthStatus,
  can: (permission: Permission) => boolean,
  rememberedOrigin?: string,
): GuardDecision {
  if (status === 'pending') return { kind: 'wait' };
  if (access.kind === 'signedOutOnly') {
    return status === 'signedIn'
      ? { kind: 'redirect', to: rememberedOrigin ?? paths.dashboard, rememberOrigin: false }
      : { kind: 'render' };
  }
  const authorised =
    status === 'signedIn' && (access.permission === undefined || can(access.permission));
  if (authorised) return { kind: 'render' };
  // Only a visitor who may still sign in has an origin worth returning to: a member lacking the
  // permission would be sent straight back to it.
  return { kind: 'redirect', to: paths.home, rememberOrigin: status === 'signedOut' };
}

/**
 * CONTRACT §11: an administrator whose tenant requires a second factor and who has none is held on
 * the account screen, where they set it up; every other signed-in screen sends them there.
 */
export function mustSetUpMfaFirst(
  access: Access,
  status: AuthStatus,
  mfaSetupRequired: boolean,
  pathname: string,
): boolean {
  return (
    access.kind === 'signedIn' &&
    status === 'signedIn' &&
    mfaSetupRequired &&
    pathname !== paths.account
  );
}
