import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { type GuardedFetch, guardedFetch } from '../outbound/network.ts';

/** What Kindling keeps of an OIDC provider's discovery document. */
export type Discovery = client.ServerMetadata;

function fetchFor(config: Config): GuardedFetch {
  return guardedFetch(config.providerNetwork);
}

/** http issuers are for tests and development: production's network policy refuses them earlier. */
function allowHttp(issuer: string) {
  return issuer.startsWith('http:') ? [client.allowInsecureRequests] : [];
}

/**
 * Reads the issuer's discovery document through the guarded fetch; openid-client checks that the
 * document names the same issuer. Throws when it cannot be read.
 */
export async function discover(config: Config, issuer: string, clientId: string) {
  const configuration = await client.discovery(new URL(issuer), clientId, undefined, undefined, {
    [client.customFetch]: fetchFor(config) as client.CustomFetch,
    execute: allowHttp(issuer),
  });
  const metadata = configuration.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new Error('the discovery document lacks an endpoint');
  }
  return { ...metadata } as Discovery;
}

/**
 * An openid-client configuration from the stored discovery document, so a sign-in does not read
 * it again. The clock is the server's (tests move it), and every request is guarded.
 */
export function configurationFor(
  config: Config,
  discovery: Discovery,
  clientId: string,
  clientSecret: string,
  now: Date,
) {
  const skew = Math.round((now.getTime() - Date.now()) / 1000);
  const configuration = new client.Configuration(discovery, clientId, {
    client_secret: clientSecret,
    [client.clockSkew]: skew,
  });
  configuration[client.customFetch] = fetchFor(config) as client.CustomFetch;
  configuration.timeout = 8;
  for (const apply of allowHttp(discovery.issuer)) apply(configuration);
  return configuration;
}
