/** The AuthnRequests Kindling issued, kept in the database for node-saml's InResponseTo check. */
import type { CacheProvider } from '@node-saml/node-saml';
import type { Deps } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { insertRequest, peekRequest, takeRequest } from './identity-repository.ts';
import type { Pending } from './oidc.ts';

/** How long a sign-in may take at the identity provider before its AuthnRequest is forgotten. */
export const REQUEST_MINUTES = 10;

/**
 * node-saml's request cache over sso_requests, so that every server process knows the
 * AuthnRequests issued. A request is saved with where to go after; read (not used up) while the
 * response is checked; and used up when node-saml is done with it, the delete deciding which of
 * two processes presenting one response gets it. `taken` is the request this response used up.
 */
export class RequestCache implements CacheProvider {
  taken: Pending | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly tenantId: number,
    private readonly providerId: number,
    private readonly pending: Pending | null,
  ) {}

  async saveAsync(key: string, value: string) {
    if (!this.pending) throw new Error('a response does not issue requests');
    const now = this.deps.now();
    const { pending } = this;
    await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      insertRequest(tx, {
        tenantId: this.tenantId,
        providerId: this.providerId,
        handle: key,
        redirect: pending.redirect,
        remember: pending.remember,
        testSessionId: pending.testSessionId,
        expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
      }),
    );
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string) {
    const row = await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      peekRequest(tx, this.tenantId, this.providerId, key, this.deps.now()),
    );
    return row ? row.createdAt.toISOString() : null;
  }

  async removeAsync(key: string | null) {
    if (key === null) return null;
    const row = await this.take(key);
    if (row && this.taken === undefined) this.taken = row;
    return row ? key : null;
  }

  async take(key: string): Promise<Pending | undefined> {
    const row = await inTenant(this.deps.database.db, this.tenantId, (tx) =>
      takeRequest(tx, this.tenantId, key, this.deps.now(), this.providerId),
    );
    return row
      ? { redirect: row.redirect, remember: row.remember, testSessionId: row.testSessionId }
      : undefined;
  }
}
