import {
  createHash,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/** The CBOR values a WebAuthn attestation needs (RFC 8949): integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000)
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number")
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([
      head(3, Buffer.byteLength(value)),
      Buffer.from(value),
    ]);
  if (value instanceof Uint8Array)
    return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) =>
  createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

type Key = {
  privateKey: KeyObject;
  cose: Buffer;
  counter: number;
  userHandle: string;
  rpId: string;
};

export type AuthenticatorOptions = {
  origin: string;
  aaguid?: string;
  /** Sign counter increment per use; 0 behaves like a synced passkey that keeps no counter. */
  counterStep?: number;
  userVerified?: boolean;
  backedUp?: boolean;
};

/**
 * A WebAuthn authenticator in the test process: ES256 keys from node:crypto, authenticator data
 * and client data built over the options the server gave, "none" attestation. What a browser and
 * a platform authenticator would send, byte for byte.
 */
export class SoftwareAuthenticator {
  readonly keys = new Map<string, Key>();

  constructor(private readonly options: AuthenticatorOptions) {}

  private flags(extra = 0): number {
    const { userVerified = true, backedUp = false } = this.options;
    return (
      FLAG_UP |
      (userVerified ? FLAG_UV : 0) |
      (backedUp ? FLAG_BE | FLAG_BS : 0) |
      extra
    );
  }

  private clientData(type: string, challenge: string, origin?: string): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: origin ?? this.options.origin,
        crossOrigin: false,
      }),
    );
  }

  /** A new credential for `options` (navigator.credentials.create). */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string; challenge?: string } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", {
      namedCurve: "P-256",
    });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const credentialId = randomBytes(32);
    const id = b64url(credentialId);
    const rpId = options.rp.id ?? new URL(this.options.origin).hostname;
    const counter = this.options.counterStep === 0 ? 0 : 1;
    this.keys.set(id, {
      privateKey,
      cose,
      counter,
      userHandle: options.user.id,
      rpId,
    });
    const aaguid = Buffer.from(
      (this.options.aaguid ?? "00000000-0000-0000-0000-000000000000").replace(
        /-/g,
        "",
      ),
      "hex",
    );
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      count,
      aaguid,
      idLength,
      credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      "webauthn.create",
      overrides.challenge ?? options.challenge,
      overrides.origin,
    );
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * An assertion for `options` (navigator.credentials.get) with `credentialId`, or the first
   * credential allowed (or held). `counter` forces the sign counter sent (a cloned authenticator).
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: {
      credentialId?: string;
      origin?: string;
      challenge?: string;
      counter?: number;
    } = {},
  ): AuthenticationResponseJSON {
    const id =
      overrides.credentialId ??
      options.allowCredentials?.[0]?.id ??
      [...this.keys.keys()][0];
    const key = id ? this.keys.get(id) : undefined;
    if (!id || !key)
      throw new Error("the software authenticator holds no such credential");
    if (overrides.counter !== undefined) key.counter = overrides.counter;
    else if (this.options.counterStep !== 0)
      key.counter += this.options.counterStep ?? 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(key.counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? key.rpId),
      Buffer.from([this.flags()]),
      count,
    ]);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      overrides.challenge ?? options.challenge,
      overrides.origin,
    );
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      key.privateKey,
    );
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
