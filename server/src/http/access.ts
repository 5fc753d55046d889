import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { limits, mfaMessages, type Permission } from '@kindling/contract';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionContext } from '../context.ts';
import { limitBody } from './body-limit.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import type { ApiTag } from './openapi.ts';
import { refuseNulInJson } from './plain-text-body.ts';

/**
 * Who may call a route, declared on the route itself (docs/architecture.md, one route):
 * - `public`: anyone; a public call names its tenant (tenant-context.ts);
 * - `claim`: anyone holding an invitation's claim token, which the service checks;
 * - `member`: a live session, else 401;
 * - `{ permission }`: a session holding that permission, else 403;
 * - `admin`: a session holding `admin`, else 403.
 * Rules about one object (its owner, its principal investigator, its case manager) are not
 * access: the feature's policy decides them, called by its service.
 */
export type Access = 'public' | 'claim' | 'member' | 'admin' | { permission: Permission };

/** Where the document keeps each operation's access; the security suite reads it from there. */
export const ACCESS_EXTENSION = 'x-access';

/** The security scheme of the session cookie in the OpenAPI document. */
export const SESSION_SCHEME = 'session';

/** Permissions are read from the user row on every request, so a change applies on the next call. */
export function can(session: SessionContext, permission: Permission): boolean {
  return session.permissions.includes(permission);
}

const needsSession = (access: Access) => access !== 'public' && access !== 'claim';

const permissionOf = (access: Access): Permission | null =>
  access === 'admin' ? 'admin' : typeof access === 'object' ? access.permission : null;

/** What a caller without a session gets instead of 401, when a route answers visitors too. */
type Anonymous = (c: Context<AppEnv>) => Response | undefined;

function guard(
  access: Access,
  anonymous: Anonymous | undefined,
  duringMfaSetup: boolean,
): MiddlewareHandler<AppEnv> {
  const permission = permissionOf(access);
  return async (c, next) => {
    const session = c.get('session');
    if (!session) {
      const answer = anonymous?.(c);
      if (answer) return answer;
      throw unauthorized();
    }
    if (session.mfaSetupRequired && !duringMfaSetup) {
      throw new AppError('MFA_SETUP_REQUIRED', mfaMessages.setupRequired);
    }
    if (permission && !can(session, permission)) throw forbidden();
    await next();
  };
}

/** Asking a GET for its body would build a full WHATWG Request (and an AbortController) for nothing. */
const readsBody = (method: string) => method !== 'get' && method !== 'head';

/** What the document says of an access, after the route's summary. */
function accessSentence(access: Access): string {
  if (access === 'public') return 'Needs no session.';
  if (access === 'claim') return "Needs no session: the invitation's claim token authorises it.";
  if (access === 'member') return 'Needs a session.';
  return `Needs a session whose member holds the \`${permissionOf(access)}\` permission.`;
}

type Declaration = Omit<RouteConfig, 'middleware' | 'tags' | 'operationId' | 'summary'> & {
  /** The part of the API it belongs to: one of the document's tags. */
  tag: ApiTag;
  access: Access;
  /** The name a generated client gives the call: a verb and its object, in camelCase. */
  operationId: string;
  summary: string;
  /**
   * The largest body the route reads, in bytes: 1 MiB of JSON unless the route says more (an
   * upload). Checked before access, so a refused body is drained before any answer.
   */
  bodyBytes?: number;
  /** What a body over `bodyBytes` is told, when the catalogue's general message says too little. */
  bodyTooLarge?: string;
  /** Runs after the access check, before validation. */
  middleware?: readonly MiddlewareHandler<AppEnv>[];
  anonymous?: Anonymous;
  /**
   * CONTRACT §11: the route serves an administrator who must set up a second factor before
   * anything else (reading the session, setting up the authenticator, signing out); every other
   * route answers them 403 MFA_SETUP_REQUIRED.
   */
  duringMfaSetup?: true;
};

/**
 * A route declaration with its access and its body limit: the body is limited first, then access is
 * checked (so 401 and 403 come before any 400), and the document records the access under `x-access` with the session scheme it needs.
 */
export function route<const R extends Declaration>(declaration: R) {
  const {
    access,
    anonymous,
    duringMfaSetup = false,
    bodyBytes = limits.bodyBytes,
    bodyTooLarge,
    middleware = [],
    tag,
    ...config
  } = declaration;
  const body = readsBody(config.method)
    ? [limitBody(bodyBytes, bodyTooLarge), refuseNulInJson]
    : [];
  const checks = needsSession(access) ? [guard(access, anonymous, duringMfaSetup)] : [];
  const setup = duringMfaSetup
    ? ' Open to an administrator who must still set up a second factor.'
    : '';
  const description = `${config.description ?? `${config.summary}.`} ${accessSentence(access)}${setup}`;
  return createRoute({
    ...config,
    tags: [tag],
    description,
    middleware: [...body, ...checks, ...middleware] as MiddlewareHandler<AppEnv>[],
    security: needsSession(access) ? [{ [SESSION_SCHEME]: [] }] : [],
    [ACCESS_EXTENSION]: access,
  } as Omit<
    R,
    'access' | 'anonymous' | 'bodyBytes' | 'bodyTooLarge' | 'duringMfaSetup' | 'middleware' | 'tag'
  > & {
    middleware: MiddlewareHandler<AppEnv>[];
    tags: string[];
  });
}
