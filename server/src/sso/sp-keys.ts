// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

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

x509.cryptoProvider.set(webcrypto as Crypto);

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
