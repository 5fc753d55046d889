import type { MfaMethod, MfaStepAnswer } from '@kindling/contract';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { insertChallenge, secondFactorOf } from './repository.ts';

/** CONTRACT §11: a sign-in's second step lives 3 minutes. */
const CHALLENGE_SECONDS = 3 * 60;

export const challengeHash = (deps: Deps, challenge: string) =>
  tokenHash(deps.config.secretKey, `mfa:${challenge}`);

/**
 * After a right password: for a member with a second factor, a challenge in place of a session
 * (only its HMAC is stored); null for a member without one, who is signed in at once.
 */
export async function challengeIfNeeded(
  deps: Deps,
  tx: Executor,
  input: { tenantId: number; userId: number; remember: boolean },
): Promise<MfaStepAnswer | null> {
  const factor = await secondFactorOf(tx, input.tenantId, input.userId);
  if (!factor.any) return null;
  const now = deps.now();
  const challenge = randomToken();
  await insertChallenge(
    tx,
    {
      ...input,
      tokenHash: challengeHash(deps, challenge),
      expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
    },
    now,
  );
  const methods: MfaMethod[] = [];
  if (factor.totp) methods.push('totp');
  if (factor.totp && factor.codesLeft > 0) methods.push('recovery_code');
  if (factor.passkeys) methods.push('webauthn');
  return { next_step: 'MFA', challenge, methods };
}
