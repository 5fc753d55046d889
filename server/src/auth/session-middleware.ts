import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { committedWrites } from '../db/client.ts';
import { liveSessionByTokenHash } from '../db/system.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { markSessionSeen } from './repository.ts';
import { SessionCache } from './session-cache.ts';
import { tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'kindling_session';

/**
 * How stale a session's `last_seen_at` may grow. A member's device list reads in minutes, so a
 * busy session writes once a minute, not on each of its requests (docs/decisions/0037 has
 * what the bench measured).
 */
const SEEN_EVERY_MS = 60_000;

/**
 * Resolves the session cookie, if any, to the signed-in member; never rejects by itself. On
 * PostgreSQL a session found is kept for a second (session-cache.ts): the lookup was a quarter of
 * a signed-in read's round trips (decision 0044). The embedded database has no round trip to save.
 */
export function resolveSession(deps: Deps): MiddlewareHandler<AppEnv> {
  const cache = deps.database.kind === 'postgres' ? new SessionCache(committedWrites) : null;
  const lookUp = async (hash: string, now: Date) => {
    const kept = cache?.get(hash, now);
    if (kept) return kept;
    const writesBefore = cache?.before() ?? 0;
    const row = await liveSessionByTokenHash(deps.database.db, hash, now);
    if (row) cache?.keep(hash, row, writesBefore, now);
    return row;
  };
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    let session = null;
    if (token && token.length <= 128) {
      const now = deps.now();
      const row = await lookUp(tokenHash(deps.config.secretKey, token), now);
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
