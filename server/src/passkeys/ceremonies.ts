import { randomBytes } from 'node:crypto';
import { passkeyMessages } from '@kindling/contract';
import { tokenHash } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { insertCeremony, takeCeremony } from './repository.ts';

/** A ceremony's challenge lives 5 minutes: the browser's own timeout, and a little more. */
const CEREMONY_SECONDS = 5 * 60;

/**
 * @simplewebauthn/server is loaded by the first ceremony rather than at start: few requests need
 * it, and it held about 10 MB in every server (decision 0048).
 */
export const webauthn = () => import('@simplewebauthn/server');

/** The browser is told to give up a little before the server would. */
export const CEREMONY_TIMEOUT_MS = (CEREMONY_SECONDS - 30) * 1000;

type Purpose = Parameters<typeof takeCeremony>[3];

const ceremonyHash = (deps: Deps, challenge: string) =>
  tokenHash(deps.config.secretKey, `webauthn:${challenge}`);

/**
 * A new ceremony: 32 random bytes, of which only the HMAC is stored, with whom it is for. The
 * challenge goes to the browser in the options and comes back inside the signed client data.
 */
export async function startCeremony(
  deps: Deps,
  tx: Executor,
  values: {
    tenantId: number;
    purpose: Purpose;
    userId: number | null;
    mfaChallengeId: number | null;
  },
): Promise<string> {
  const now = deps.now();
  const challenge = randomBytes(32).toString('base64url');
  await insertCeremony(
    tx,
    {
      ...values,
      challengeHash: ceremonyHash(deps, challenge),
      expiresAt: new Date(now.getTime() + CEREMONY_SECONDS * 1000),
    },
    now,
  );
  return challenge;
}

/** The challenge the browser signed, read from its client data; undefined when it holds none. */
function challengeOfAnswer(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export const ceremonyExpired = () =>
  badRequest(passkeyMessages.expired, [{ field: 'response', error: passkeyMessages.expired }]);

/**
 * Uses up the ceremony whose challenge the answer carries, before its signature is checked: an
 * answer is judged once, whatever its outcome, and of two carrying one challenge only one is.
 * Undefined when there is no such live ceremony of this purpose.
 */
export async function takeCeremonyOf(
  deps: Deps,
  tx: Executor,
  tenantId: number,
  clientDataJSON: string,
  purpose: Purpose,
) {
  const challenge = challengeOfAnswer(clientDataJSON);
  if (!challenge) return undefined;
  const row = await takeCeremony(tx, tenantId, ceremonyHash(deps, challenge), purpose, deps.now());
  return row && { ...row, challenge };
}

/**
 * The member's WebAuthn user handle: the same for every passkey of theirs, so an authenticator
 * keeps one passkey per account, and derived from SECRET_KEY so it tells nothing about them.
 */
export function userHandle(deps: Deps, tenantId: number, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.from(tokenHash(deps.config.secretKey, `webauthn-user:${tenantId}:${userId}`), 'hex'),
  );
}
