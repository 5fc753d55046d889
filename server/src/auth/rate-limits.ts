import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

/** CONTRACT §5's limits. Counters live in Redis when several processes share them, else in memory. */
export interface RateLimits {
  /** Failed sign-ins per e-mail and client address, across every tenant: 10 in 15 minutes. */
  signInFailures: RateLimiterAbstract;
  /**
   * Failed sign-ins per tenant and e-mail from all addresses together: 100 in 15 minutes. A guess
   * at another tenant's account (the wrong-environment check) counts against that tenant too.
   */
  signInFailuresPerEmail: RateLimiterAbstract;
  /**
   * Wrong passwords given by a signed-in member to confirm a change (reauthentication.ts), per
   * tenant and member: 10 in 15 minutes, as sign-in allows one e-mail from one address.
   */
  passwordChecks: RateLimiterAbstract;
  /**
   * Wrong second-factor codes per tenant and member, across their sign-in challenges (CONTRACT
   * §11): 10 in 15 minutes.
   */
  mfaFailures: RateLimiterAbstract;
  /**
   * Passkey ceremonies started before signing in, per client address: 30 in 5 minutes. Each
   * leaves a challenge row for 5 minutes (passkeys/sign-in.ts).
   */
  passkeyCeremonies: RateLimiterAbstract;
  /** Invitation requests per client address: 20 an hour, whatever their answer. */
  invitationRequests: RateLimiterAbstract;
  /** Reset codes per tenant and e-mail: 5 an hour. */
  resetCodes: RateLimiterAbstract;
  /** Comments per tenant and member (CONTRACT §9): 20 in 10 minutes, edits not counted. */
  comments: RateLimiterAbstract;
  /** Interest requests per tenant and member, refused or not: 10 an hour. */
  interestRequests: RateLimiterAbstract;
  /**
   * Refused single sign-ons written to the audit log, per tenant and provider: 20 in 10 minutes.
   * Anyone may post to a SAML provider's assertion consumer service; a flood of forged answers
   * must not bury the log or fill the disk.
   */
  ssoRefusalEntries: RateLimiterAbstract;
  /** One-click unsubscribes per client address, signed or not: 60 a minute. */
  unsubscribes: RateLimiterAbstract;
  /**
   * Scholarly imports per tenant and member, whatever their answer: 30 an hour. Each reads outside
   * sources that ask for polite use, so a member cannot turn Kindling into a crawler.
   */
  scholarlyImports: RateLimiterAbstract;
  close(): Promise<void>;
}

export function createRateLimits(config: Config): RateLimits {
  const redis = config.redis
    ? new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  const make = (keyPrefix: string, points: number, duration: number) => {
    const options: IRateLimiterOptions = { keyPrefix, points, duration };
    return redis
      ? new RateLimiterRedis({
          ...options,
          keyPrefix: `${config.redis?.prefix ?? ''}${keyPrefix}`,
          storeClient: redis,
          // A Redis outage must not lock everyone out: fall back to this process's own counters.
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  return {
    signInFailures: make('signin-fail', 10, 900),
    signInFailuresPerEmail: make('signin-fail-email', 100, 900),
    passwordChecks: make('password-check', 10, 900),
    mfaFailures: make('mfa-fail', 10, 900),
    passkeyCeremonies: make('passkey-ceremony', 30, 300),
    invitationRequests: make('invite-request', 20, 3600),
    resetCodes: make('reset-code', 5, 3600),
    comments: make('comment', 20, 600),
    interestRequests: make('interest-request', 10, 3600),
    ssoRefusalEntries: make('sso-refusal-entry', 20, 600),
    unsubscribes: make('unsubscribe', 60, 60),
    scholarlyImports: make('scholarly-import', 30, 3600),
    async close() {
      redis?.disconnect();
    },
  };
}

/** A point taken before the attempt it pays for is judged. */
export interface Taken {
  /** False when the key had no point left: the attempt must not be judged. */
  allowed: boolean;
  /** Whether this was the key's last point: a failure now starts a burst. */
  last: boolean;
}

/**
 * Takes one point at once (an atomic increment in memory or in Redis), so that however many
 * attempts arrive together, no more than the limit are ever allowed through to be judged.
 */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<Taken> {
  try {
    const res = await limiter.consume(key);
    return { allowed: true, last: res.consumedPoints === limiter.points };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { allowed: false, last: false };
    throw error;
  }
}

/** Gives back a point taken for an attempt that turned out not to be a failure. */
export async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key, 1);
}

/** Spends one point; answers 429 when none is left. */
export async function consumeOrThrow(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('TOO_MANY_REQUESTS', message);
    throw error;
  }
}
