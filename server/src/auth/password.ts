import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the addon's const enum value 2, which verbatimModuleSyntax cannot import) at the OWASP
 * minimum m=19 MiB, t=2, p=1. The native addon hashes on libuv's pool, off the main thread.
 */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs at most `slots` tasks at once; the rest wait their turn in order.
 */
export function concurrencyLimit(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Hashing is the one CPU-heavy thing the server does. Left alone, libuv's four threads would hash
 * four passwords at once and take every core from the requests; one core is kept for them.
 */
const hashing = concurrencyLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (password: string) => hashing(() => hash(password, options));

export const verifyPassword = (passwordHash: string, password: string) =>
  hashing(() => verify(passwordHash, password)).catch(() => false);
