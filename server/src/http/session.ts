import type { Context } from 'hono';
import type { AppEnv, SessionContext } from '../context.ts';
import { unauthorized } from './errors.ts';

/** The session of a route whose access needs one (access.ts); throwing keeps the type non-null for callers. */
export function sessionOf(c: Context<AppEnv>): SessionContext {
  const session = c.get('session');
  if (!session) throw unauthorized();
  return session;
}
