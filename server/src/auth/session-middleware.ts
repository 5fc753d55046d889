import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context.ts';
import { liveSessionByTokenHash } from '../db/system.ts';
import { tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'kindling_session';

/** Resolves the session cookie, if any, to the signed-in member; never rejects by itself. */
export function resolveSession(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    let session = null;
    if (token && token.length <= 128) {
      const row = await liveSessionByTokenHash(
        deps.database.db,
        tokenHash(deps.config.secretKey, token),
        deps.now(),
      );
      if (row) session = row;
    }
    c.set('session', session);
    await next();
  };
}
