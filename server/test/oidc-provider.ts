import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claims a test person has at the provider, besides `sub` (their account id). */
export type PersonClaims = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, while the app is on
 * localhost: its login form is driven over HTTP as a browser would, cookies and all. One per file,
 * on a free port unless given one.
 */
export async function startOidcProvider(redirectUri: string, port = 0) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, PersonClaims>();
  const settings = { idTokenSeconds: 3600 };
  const client = { clientId: 'kindling', clientSecret: 'a-client-secret-for-tests' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...people.get(id) }),
    }),
    // No consent screen: the test signs in and is sent back, as with an institution's own app.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId as string,
        accountId: ctx.oidc.session?.accountId as string,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { IdToken: () => settings.idTokenSeconds },
    cookies: { keys: ['a-cookie-key-for-tests'] },
  });
  server.on('request', provider.callback());

  /**
   * Follows the authorization URL through the provider's login form as `accountId` and returns
   * where the provider sends the browser back to (the app's callback, with code and state).
   */
  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let hop = 0; hop < 10; hop++) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const answer = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie },
      });
      for (const line of answer.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = answer.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUri)) return next;
        url = next;
        init = {};
        continue;
      }
      if (answer.status === 200 && url.pathname.startsWith('/interaction/')) {
        await answer.text();
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            prompt: 'login',
            login: accountId,
            password: 'x',
          }).toString(),
        };
        continue;
      }
      throw new Error(`the provider answered ${answer.status}: ${await answer.text()}`);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    ...client,
    people,
    settings,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections to the provider open; they must not hold the close.
        server.closeAllConnections();
      }),
  };
}
