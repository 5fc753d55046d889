import { passkeyMessages } from '@kindling/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { TenantRow } from '../db/system.ts';
import { badRequest } from '../http/errors.ts';

/** Who the browser's passkeys are for (WebAuthn's relying party), and where its page must be. */
export interface RelyingParty {
  /** The tenant's host name: a passkey made for one university is never offered at another. */
  id: string;
  name: string;
  /** The page's origin the browser's signed client data must name. */
  origin: string;
}

/**
 * The tenant's relying party, for a request made from its own host. The origin is the page's
 * (its `Origin` header, which the origin check has already found among the accepted ones), else
 * the address the request came to; either must be on the tenant's host, or the browser could not
 * have used the tenant's passkeys there and the ceremony is refused before it starts.
 */
export function relyingPartyOf(c: Context<AppEnv>, tenant: TenantRow): RelyingParty {
  const origin = c.req.header('origin') ?? new URL(c.req.url).origin;
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    host = '';
  }
  const id = tenant.domain.toLowerCase();
  if (host !== id) {
    const message = passkeyMessages.wrongHost(tenant.domain);
    throw badRequest(message, [{ field: 'origin', error: message }]);
  }
  return { id, name: tenant.name, origin };
}
