import type { MiddlewareHandler } from 'hono';
import { authorize } from '../auth/policy.ts';
import { requireSession } from '../auth/session-middleware.ts';
import type { AppEnv } from '../context.ts';
import { sessionOf } from '../http/session.ts';

const requireAdminPermission: MiddlewareHandler<AppEnv> = async (c, next) => {
  authorize(sessionOf(c), 'admin');
  await next();
};

/** The console's calls: a session (else 401) holding `admin` (else 403), before validation. */
export const requireAdmin: MiddlewareHandler<AppEnv>[] = [requireSession, requireAdminPermission];
