import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (identity providers' client secrets, the service provider's private keys):
 * AES-256-GCM under a key derived from SECRET_KEY by HKDF-SHA-256, never the secret itself. Each
 * sealed value names the key it was sealed with, so a deployment that changes SECRET_KEY can keep
 * the previous one beside it while values are sealed again (docs/decisions/0031), and a value
 * sealed under a key this deployment lacks fails with that said, not as a forgery. The tenant's id
 * is bound in as associated data: a sealed value copied into another tenant's row does not open.
 */
const VERSION = 'k1';

/**
 * What the values sealed are for, as the key derivation's salt: each use has keys of its own, and
 * a value sealed for one does not open as the other. The identity providers' salt predates the
 * others and stays as it was, so what it sealed still opens.
 */
export type SealingPurpose = 'kindling identity providers' | 'kindling totp secrets';

interface Key {
  id: string;
  key: Buffer;
}

export interface Sealer {
  seal(tenantId: number, plain: string): string;
  open(tenantId: number, sealed: string): string;
}

function derive(secret: string, purpose: SealingPurpose): Key {
  const key = Buffer.from(hkdfSync('sha256', secret, purpose, 'aes-256-gcm v1', 32));
  // The key's id tells keys apart without saying anything about them.
  const id = createHash('sha256').update(key).update('key id').digest('hex').slice(0, 12);
  return { id, key };
}

const encode = (buffer: Buffer) => buffer.toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url');

/** `secrets[0]` seals; every one of them opens what it sealed. */
export function createSealer(secrets: readonly string[], purpose: SealingPurpose): Sealer {
  const keys = secrets.map((secret) => derive(secret, purpose));
  const current = keys[0];
  if (!current) throw new Error('createSealer needs at least one secret');
  return {
    seal(tenantId, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(`tenant:${tenantId}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, current.id, encode(iv), encode(cipher.getAuthTag()), encode(body)].join('.');
    },
    open(tenantId, sealed) {
      const [version, keyId, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !keyId || !iv || !tag || body === undefined) {
        throw new Error('not a sealed value');
      }
      const key = keys.find((k) => k.id === keyId);
      if (!key) throw new Error(`sealed with key ${keyId}, which this deployment does not hold`);
      const decipher = createDecipheriv('aes-256-gcm', key.key, decode(iv), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(`tenant:${tenantId}`));
      decipher.setAuthTag(decode(tag));
      return Buffer.concat([decipher.update(decode(body)), decipher.final()]).toString('utf8');
    },
  };
}
