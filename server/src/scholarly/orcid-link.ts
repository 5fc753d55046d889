import { timingSafeEqual } from 'node:crypto';
import { normaliseOrcid } from '@kindling/contract';
import * as client from 'openid-client';
import { tokenHash } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Deps, SessionContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { verifyOrcid } from '../profiles/repository.ts';
import { configurationFor, type Discovery, discover } from '../sso/oidc-client.ts';

/** How long a member may take at ORCID's sign-in before the link must be started again. */
const LINK_MINUTES = 10;

/** Where ORCID sends the member back: registered as the redirect URI of the deployment's client. */
export const orcidCallbackUrl = (config: Pick<Config, 'publicUrl'>) =>
  `${config.publicUrl}/api/v1/orcid/callback`;

/** How a link ended, as the profile form reads it from `?orcid=`. */
export type LinkOutcome = 'linked' | 'taken' | 'failed';

/**
 * ORCID's discovery document, read once per process (ORCID speaks OpenID Connect, so the client of
 * single sign-on serves it too); a failed read is tried again at the next link.
 */
const discoveries = new Map<string, Promise<Discovery>>();
function orcidDiscovery(config: Config, clientId: string) {
  const issuer = config.scholarly.orcidUrl;
  let found = discoveries.get(issuer);
  if (!found) {
    found = discover(config, issuer, clientId);
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

async function orcidConfiguration(deps: Deps) {
  const credentials = deps.config.scholarly.orcidClient;
  if (!credentials) throw new Error('the deployment has no ORCID client');
  const discovery = await orcidDiscovery(deps.config, credentials.id);
  return configurationFor(deps.config, discovery, credentials.id, credentials.secret, deps.now());
}

/**
 * The state names when the link started and a random part, sealed with an HMAC over the member's
 * session: only the session that started a link can finish it, within ten minutes. The nonce and
 * the PKCE verifier are HMACs of the state, so nothing waits in the database between the two.
 */
const seal = (config: Config, session: SessionContext, body: string) =>
  tokenHash(config.secretKey, `orcid-state:${session.tenantId}.${session.sessionId}.${body}`);
const nonceOf = (config: Config, state: string) =>
  tokenHash(config.secretKey, `orcid-nonce:${state}`);
const verifierOf = (config: Config, state: string) =>
  tokenHash(config.secretKey, `orcid-pkce:${state}`);

function stateHolds(deps: Deps, session: SessionContext, state: string): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16,128})\.([0-9a-f]{64})$/.exec(state);
  if (!match) return false;
  const [, issued = '', random = '', mac = ''] = match;
  const expected = seal(deps.config, session, `${issued}.${random}`);
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return false;
  const age = deps.now().getTime() - Number(issued);
  return age >= 0 && age <= LINK_MINUTES * 60_000;
}

/** ORCID's authorization URL for a code flow with state, nonce and PKCE S256 (scope `openid`). */
export async function startOrcidLink(deps: Deps, session: SessionContext): Promise<string> {
  const configuration = await orcidConfiguration(deps);
  const body = `${deps.now().getTime()}.${client.randomState()}`;
  const state = `${body}.${seal(deps.config, session, body)}`;
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: orcidCallbackUrl(deps.config),
    // ORCID's `openid` carries the same authorization as `/authenticate`, and adds a signed ID
    // token whose `sub` is the iD.
    scope: 'openid',
    state,
    nonce: nonceOf(deps.config, state),
    code_challenge: await client.calculatePKCECodeChallenge(verifierOf(deps.config, state)),
    code_challenge_method: 'S256',
  });
  return url.href;
}

/**
 * ORCID's answer: the state checked against the member's session, the code exchanged with the
 * PKCE verifier, the ID token's signature, issuer, audience, expiry and nonce checked; its `sub`
 * becomes the member's iD, verified. An iD another member of the tenant holds is refused.
 */
export async function finishOrcidLink(
  deps: Deps,
  session: SessionContext,
  callback: URL,
): Promise<LinkOutcome> {
  const state = callback.searchParams.get('state') ?? '';
  if (callback.searchParams.has('error') || !stateHolds(deps, session, state)) return 'failed';
  let orcid: string | null;
  try {
    const tokens = await client.authorizationCodeGrant(await orcidConfiguration(deps), callback, {
      expectedState: state,
      expectedNonce: nonceOf(deps.config, state),
      pkceCodeVerifier: verifierOf(deps.config, state),
      idTokenExpected: true,
    });
    orcid = normaliseOrcid(tokens.claims()?.sub ?? '');
  } catch (error) {
    deps.logger.warn({ err: error }, 'an ORCID link failed at the token exchange');
    return 'failed';
  }
  if (!orcid) return 'failed';
  try {
    await inTenant(deps.database.db, session.tenantId, (tx) =>
      verifyOrcid(tx, session.tenantId, session.userId, orcid),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'linked';
}
