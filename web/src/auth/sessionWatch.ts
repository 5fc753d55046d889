import { limits, type SessionAnswer } from '@kindling/contract';

/** SPEC §9: the dialog opens 10 s before the session's end, so no call fails on the way. */
const EXPIRY_MARGIN_MS = 10_000;

/**
 * SPEC §4 session watch: a session without remember-me ends at its expiry (one hour after sign-in);
 * a remembered one at its expiry too, and in any case 30 days after the password was checked.
 */
export function sessionHasEnded(
  session: SessionAnswer['session'],
  remembered: boolean,
  now: number,
): boolean {
  const expiresAt = Date.parse(session.expires_at);
  if (Number.isFinite(expiresAt) && now >= expiresAt - EXPIRY_MARGIN_MS) return true;
  if (!remembered) return false;
  const authTime = Date.parse(session.auth_time);
  return Number.isFinite(authTime) && now >= authTime + limits.rememberSessionSeconds * 1000;
}
