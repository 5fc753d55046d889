import type { Permission } from '@kindling/contract';
import { createContext, useContext } from 'react';
import type { AuthStatus } from './guards.ts';
import type { SessionAnswer, SessionUser } from './session.ts';

export interface Auth {
  status: AuthStatus;
  user: SessionUser | null;
  permissions: readonly Permission[];
  can(permission: Permission): boolean;
  /** Adopts the answer of a sign-in (or any call that starts a session). */
  startSession(answer: SessionAnswer): void;
  /** Signs out on the server, forgets the member's data and goes home; false if it failed. */
  signOut(): Promise<boolean>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
