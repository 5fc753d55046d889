import { startOidcProvider } from '../oidc-provider.ts';

/**
 * ORCID's sign-in for the Playwright server (scripts/e2e-server.mjs): a real OpenID Connect
 * provider configured as ORCID's is for a deployment's client (code flow, PKCE, `openid` scope,
 * the ID token's `sub` being the iD), on ORCID_SIGN_IN_PORT. The iD typed as the login is the one
 * linked; the callback is PUBLIC_URL's, APP_URL here.
 */
const port = Number(process.env.ORCID_SIGN_IN_PORT);
const orcid = await startOidcProvider(`${process.env.APP_URL}/api/v1/orcid/callback`, port);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void orcid.close().then(() => process.exit(0));
  });
}
