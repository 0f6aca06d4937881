/**
 * A software authenticator for API tests of passkeys (issue #48): makes a P-256 credential for a site's registration
 * options and signs its sign-in challenges, producing the same JSON a browser's `navigator.credentials` hands
 * `@simplewebauthn/browser` (attestation `none`, as the server asks). Its signature counter can be set back, as a
 * cloned authenticator's would be.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

interface Options {
  readonly challenge: string;
  readonly rp?: { readonly id?: string };
  readonly rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly cose: Uint8Array;

  private readonly origin: string;
  private readonly userVerified: boolean;

  constructor(origin: string, userVerified = true) {
    this.origin = origin;
    this.userVerified = userVerified;
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private flags(extra = 0) {
    return new Uint8Array([UP | (this.userVerified ? UV : 0) | extra]);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create` for the server's creation options. */
  create(options: Options, origin = this.origin) {
    const rpId = options.rp?.id ?? '';
    const length = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = concat(
      sha256(rpId),
      this.flags(AT),
      u32(this.counter),
      new Uint8Array(16),
      length,
      this.credentialId,
      this.cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get` for the server's request options: the counter moves on by one. */
  get(options: Options, origin = this.origin) {
    this.counter += 1;
    const authData = concat(sha256(options.rpId ?? ''), this.flags(), u32(this.counter));
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', concat(authData, sha256(clientData)), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
