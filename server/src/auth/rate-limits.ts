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
  /** Failed sign-ins per tenant, e-mail and client address: 10 in 15 minutes. */
  signInFailures: RateLimiterAbstract;
  /** Failed sign-ins per tenant and e-mail from all addresses together: 100 in 15 minutes. */
  signInFailuresPerEmail: RateLimiterAbstract;
  /** Invitation requests per client address: 20 an hour, whatever their answer. */
  invitationRequests: RateLimiterAbstract;
  /** Reset codes per tenant and e-mail: 5 an hour. */
  resetCodes: RateLimiterAbstract;
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
    invitationRequests: make('invite-request', 20, 3600),
    resetCodes: make('reset-code', 5, 3600),
    async close() {
      redis?.disconnect();
    },
  };
}

/** Whether a key has used up its points, without spending one. */
export async function exhausted(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints >= limiter.points;
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

/**
 * Spends one point and ignores exhaustion: for counting failures that are answered anyway. Answers
 * whether this point was the last one, so a caller can note the start of a burst exactly once.
 */
export async function count(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    const res = await limiter.consume(key);
    return res.consumedPoints === limiter.points;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}
