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
 * remembering where they were going; a signed-out-only page sends members to the dashboard.
 * Nothing is decided while the session is still being checked.
 */
export function decideAccess(
  access: Access,
  status: AuthStatus,
  permissions: readonly Permission[],
): GuardDecision {
  if (status === 'pending') return { kind: 'wait' };
  if (access.kind === 'signedOutOnly') {
    return status === 'signedIn'
      ? { kind: 'redirect', to: paths.dashboard, rememberOrigin: false }
      : { kind: 'render' };
  }
  const authorised =
    status === 'signedIn' &&
    (access.permission === undefined || permissions.includes(access.permission));
  return authorised
    ? { kind: 'render' }
    : { kind: 'redirect', to: paths.home, rememberOrigin: true };
}
