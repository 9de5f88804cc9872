// A software passkey for workers tests: an ES256 key pair that answers WebAuthn registration and
// sign-in challenges as a platform authenticator would (attestation "none", DER signatures), so the
// server's real verification (@simplewebauthn/server) runs against real signatures inside workerd.
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const uint32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto's ECDSA signature (r ‖ s) as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array) {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const body = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface SoftAuthenticator {
  id: string;
  /** The browser's answer to registration options with this challenge. */
  register(challenge: string, options?: { origin?: string; rpId?: string }): Promise<unknown>;
  /** The browser's answer to sign-in options with this challenge, as the person `userHandle` (base64url). */
  authenticate(challenge: string, options?: { origin?: string; rpId?: string; userHandle?: string }): Promise<unknown>;
}

export async function softAuthenticator(origin: string, userHandle?: string): Promise<SoftAuthenticator> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const id = isoBase64URL.fromBuffer(rawId);
  let counter = 0;
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const rpHost = (o: { origin?: string; rpId?: string }) => o.rpId ?? new URL(o.origin ?? origin).hostname;
  const clientData = (type: string, challenge: string, o: { origin?: string }) =>
    utf8(JSON.stringify({ type, challenge, origin: o.origin ?? origin, crossOrigin: false }));
  return {
    id,
    async register(challenge, o = {}) {
      // Flags: user present, user verified, attested credential data.
      const authData = concat(
        await sha256(utf8(rpHost(o))),
        new Uint8Array([0x45]),
        uint32(counter),
        new Uint8Array(16),
        new Uint8Array([0, rawId.length]),
        rawId,
        coseKey,
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData("webauthn.create", challenge, o)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ["internal"],
        },
      };
    },
    async authenticate(challenge, o = {}) {
      counter += 1;
      const authData = concat(await sha256(utf8(rpHost(o))), new Uint8Array([0x05]), uint32(counter));
      const data = clientData("webauthn.get", challenge, o);
      const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, concat(authData, await sha256(data))));
      const handle = o.userHandle ?? userHandle;
      return {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(data),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(derSignature(raw)),
          ...(handle ? { userHandle: handle } : {}),
        },
      };
    },
  };
}

/** The user handle the console gives a person's passkeys (worker/directory/passkeys.ts). */
export const personHandle = (personId: number) => isoBase64URL.fromBuffer(utf8(`person:${personId}`));
