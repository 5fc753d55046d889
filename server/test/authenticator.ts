import {
  createHash,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** WebAuthn's authenticator data flags. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/**
 * A software authenticator, as a browser's platform authenticator answers (CTAP2, resident keys,
 * ES256, attestation `none`): real attestations and signed assertions for the server's own
 * @simplewebauthn/server to verify, so no check is mocked. `origin` is the page the browser would
 * be on; `verified` whether the user gave their PIN or biometric.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private origin: string) {}

  at(origin: string): this {
    this.origin = origin;
    return this;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  /** `navigator.credentials.create()`. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    { verified = true, rpId = options.rp.id ?? '' } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cose)]);
    const authData = this.authData(rpId, UP | (verified ? UV : 0) | AT, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({
      id,
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    });
    return {
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /**
   * `navigator.credentials.get()` with `credential` (the last one made, unless told), its counter
   * moved on by one.
   */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    {
      verified = true,
      credential = this.credentials.at(-1),
      rpId = options.rpId ?? credential?.rpId ?? '',
      key = credential?.privateKey,
    }: { verified?: boolean; credential?: Credential; rpId?: string; key?: KeyObject } = {},
  ): AuthenticationResponseJSON {
    if (!credential || !key) throw new Error('the authenticator holds no passkey');
    credential.counter += 1;
    const clientData = this.clientData('webauthn.get', options.challenge);
    const authData = this.authData(rpId, UP | (verified ? UV : 0), credential.counter);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientData)]))
      .sign(key);
    return {
      id: credential.id.toString('base64url'),
      rawId: credential.id.toString('base64url'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
    };
  }
}
