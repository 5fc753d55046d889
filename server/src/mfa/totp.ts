import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { tokenHash } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { createSealer, type Sealer } from '../sso/sealing.ts';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

/** A code of the step before or after the server's clock is accepted too (±1 step). */
const TOLERANCE = PERIOD;

/** Ten single-use recovery codes, `xxxxx-xxxxx` from 31 characters that cannot be misread (no 0, 1, i, l, o): 49 bits each. */
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

const sealers = new WeakMap<Config, Sealer>();

/**
 * TOTP secrets at rest: AES-256-GCM under a key of their own derived from SECRET_KEY, named by a
 * key id so that SECRET_KEY can change (sso/sealing.ts). The tenant is bound in.
 */
function sealerOf(config: Config): Sealer {
  let sealer = sealers.get(config);
  if (!sealer) {
    sealer = createSealer([config.secretKey], 'kindling totp secrets');
    sealers.set(config, sealer);
  }
  return sealer;
}

export function newSecret(config: Config, tenantId: number) {
  const secret = generateSecret();
  return { secret, sealed: sealerOf(config).seal(tenantId, secret) };
}

/** What an authenticator app scans: the tenant's name as issuer, the member's e-mail as label. */
export function otpauthUrl(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret });
}

/**
 * The time step of a right code, or null. `code` is checked against the steps before, at and after
 * `now`; the caller accepts the step only if it comes after the last one used (repository.useStep),
 * which refuses a code already used.
 */
export async function stepOfCode(
  config: Config,
  tenantId: number,
  sealed: string,
  code: string,
  now: Date,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret: sealerOf(config).open(tenantId, sealed),
    token: code,
    epoch,
    epochTolerance: TOLERANCE,
  });
  return result.valid ? Math.floor(epoch / PERIOD) + result.delta : null;
}

export function newRecoveryCodes(): string[] {
  const one = () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as typed: any case, with or without its dash and spaces. */
export const looksLikeRecoveryCode = (code: string) =>
  /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[\s-]/g, ''));

/**
 * Recovery codes are stored as HMAC-SHA-256 keyed by SECRET_KEY, not a slow password hash: each
 * holds 49 random bits, far beyond what guessing offline could cover, and the key is not in the
 * database. The member's id is bound in, so one member's code is no other's.
 */
export function recoveryCodeHash(config: Config, userId: number, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return tokenHash(config.secretKey, `recovery:${userId}:${normal}`);
}
