import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the addon's const enum value 2, which verbatimModuleSyntax cannot import) at the OWASP
 * minimum m=19 MiB, t=2, p=1. The native addon hashes on libuv's pool, off the main thread.
 */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);
