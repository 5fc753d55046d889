import type { PublicProviders } from '@kindling/contract';
import { api } from '../api/client.ts';

export type SignInProvider = PublicProviders['providers'][number];

/** GET /auth/providers: the tenant's enabled identity providers (CONTRACT §8). */
export function providersRequest(tenantId: number): Promise<PublicProviders> {
  return api.get('/auth/providers', { query: { tenant_id: tenantId } });
}

/**
 * Where a 'Sign in with …' button goes: the server's start, which sends the browser on to the
 * provider, carrying 'remember me' and the page the member wanted (the dashboard when none).
 */
export function ssoStartUrl(
  providerId: number,
  options: { tenantId: number; remember: boolean; redirect: string | undefined },
): string {
  const query = new URLSearchParams({
    tenant_id: String(options.tenantId),
    remember_session: String(options.remember),
  });
  if (options.redirect) query.set('redirect', options.redirect);
  return `/api/v1/auth/sso/${providerId}/start?${query}`;
}

/** The provider that serves the typed e-mail's domain (exact, any case), if one does. */
export function providerForEmail(
  providers: readonly SignInProvider[],
  email: string,
): SignInProvider | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  if (!domain) return undefined;
  return providers.find((provider) =>
    provider.email_domains.some((served) => served.toLowerCase() === domain),
  );
}
