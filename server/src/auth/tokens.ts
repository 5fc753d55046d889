import { createHmac, randomBytes } from 'node:crypto';

/** A URL-safe random secret with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as HMACs keyed by SECRET_KEY, never in the clear. */
export function tokenHash(secretKey: string, token: string): string {
  return createHmac('sha256', secretKey).update(token).digest('hex');
}
