import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { liveSessionByTokenHash } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { markSessionSeen } from './repository.ts';
import { tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'kindling_session';

/**
 * How stale a session's `last_seen_at` may grow. A member's device list reads in minutes, so a
 * busy session writes once a minute, not on each of its requests (docs/decisions/0037 has
 * what the bench measured).
 */
const SEEN_EVERY_MS = 60_000;

/** Resolves the session cookie, if any, to the signed-in member; never rejects by itself. */
export function resolveSession(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    let session = null;
    if (token && token.length <= 128) {
      const now = deps.now();
      const row = await liveSessionByTokenHash(
        deps.database.db,
        tokenHash(deps.config.secretKey, token),
        now,
      );
      if (row) {
        const { lastSeenAt, ...found } = row;
        session = found;
        const since = new Date(now.getTime() - SEEN_EVERY_MS);
        if (lastSeenAt <= since) {
          await inTenant(deps.database.db, found.tenantId, (tx) =>
            markSessionSeen(tx, found.tenantId, found.sessionId, now, since),
          );
        }
      }
    }
    c.set('session', session);
    await next();
  };
}
