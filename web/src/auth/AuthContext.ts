import type { Permission, SessionAnswer, UserDetails } from '@kindling/contract';
import { createContext, useContext } from 'react';
import type { AuthStatus } from './guards.ts';

export interface SignOutOptions {
  /** Where to go once signed out: home unless told otherwise; null stays on the page. */
  redirectTo?: string | null;
  /** A sentence the screen gone to shows (the sign-in screen, after an erasure). */
  notice?: string;
}

export interface Auth {
  status: AuthStatus;
  user: UserDetails | null;
  /** The session's instants (issued, password checked, expires), which the session watch reads. */
  session: SessionAnswer['session'] | null;
  /** The one reader of the member's permissions, on screens and in the route guards alike. */
  can(permission: Permission): boolean;
  /** Adopts the answer of a sign-in (or any call that starts a session). */
  startSession(answer: SessionAnswer): void;
  /** Signs out on the server and forgets the member's data; false if it failed. */
  signOut(options?: SignOutOptions): Promise<boolean>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
