import type { Permission } from '@kindling/contract';
import type { SessionContext } from '../context.ts';
import { forbidden } from '../http/errors.ts';

/** Permissions are read from the user row on every request, so a change applies on the next call. */
export function can(session: SessionContext, permission: Permission): boolean {
  return session.permissions.includes(permission);
}

export function authorize(session: SessionContext, permission: Permission): void {
  if (!can(session, permission)) throw forbidden();
}
