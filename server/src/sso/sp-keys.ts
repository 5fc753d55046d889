import { randomBytes, webcrypto } from 'node:crypto';

/** One of Kindling's own SAML key pairs: a private key and its self-signed certificate, in PEM. */
export interface KeyPair {
  key: string;
  certificate: string;
}

/** Kindling's signing and encryption pairs for one provider; the private keys are kept sealed. */
export interface ServiceProviderKeys {
  signing: KeyPair;
  encryption: KeyPair;
}

/**
 * @peculiar/x509 is loaded by the first key pair made rather than at start: only a new SAML
 * provider or a key rollover needs it (decision 0048). It resolves its parts through tsyringe,
 * which needs the Reflect metadata API first.
 */
async function x509Library() {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as Crypto);
  return x509;
}

const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const YEARS = 10;

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

/**
 * A key pair and a certificate that only carries its public key: SAML partners trust the
 * certificate in the metadata, not a certificate authority, so self-signed is the norm.
 */
async function keyPair(commonName: string, now: Date): Promise<KeyPair> {
  const x509 = await x509Library();
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: `CN=${commonName.replace(/[,=+<>#;\\"]/g, ' ')}`,
    notBefore: now,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys,
  });
  const privateKey = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { key: pem('PRIVATE KEY', privateKey), certificate: certificate.toString('pem') };
}

export async function generateServiceProviderKeys(
  host: string,
  now: Date,
): Promise<ServiceProviderKeys> {
  const [signing, encryption] = await Promise.all([
    keyPair(`${host} SAML signing`, now),
    keyPair(`${host} SAML encryption`, now),
  ]);
  return { signing, encryption };
}
