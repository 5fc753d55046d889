import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { type GuardedFetch, guardedFetch } from './network.ts';

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
