// An EGS's key pair: secp256k1 (ZATCA's curve; WebCrypto has none) through @noble/curves, the private key
// as its raw 32 bytes (the lead's store encrypts them), the public key as an uncompressed point and as the
// SubjectPublicKeyInfo DER a CSR carries. The ECDSA signature ZATCA wants is over SHA-256 of the message,
// DER-encoded.
import { secp256k1 } from "@noble/curves/secp256k1.js";

/** A new key pair from the platform's secure random source. */
export const generateKeyPair = (): { privateKey: Uint8Array; publicKey: Uint8Array } => {
  const privateKey = secp256k1.utils.randomSecretKey();
  return { privateKey, publicKey: secp256k1.getPublicKey(privateKey, false) };
};

/** The uncompressed public point (65 bytes) of a private key. */
export const publicKeyOf = (privateKey: Uint8Array): Uint8Array => secp256k1.getPublicKey(privateKey, false);

/** SubjectPublicKeyInfo DER of an uncompressed secp256k1 point: id-ecPublicKey, secp256k1, the point. */
export const spkiOf = (publicKey: Uint8Array): Uint8Array =>
  Uint8Array.from([
    0x30,
    0x56,
    0x30,
    0x10,
    0x06,
    0x07,
    0x2a,
    0x86,
    0x48,
    0xce,
    0x3d,
    0x02,
    0x01,
    0x06,
    0x05,
    0x2b,
    0x81,
    0x04,
    0x00,
    0x0a,
    0x03,
    0x42,
    0x00,
    ...publicKey,
  ]);

/** ECDSA (secp256k1, SHA-256 of the message), DER. */
export const ecdsaSign = (message: Uint8Array, privateKey: Uint8Array): Uint8Array => secp256k1.sign(message, privateKey, { format: "der", prehash: true });

/** Whether a DER ECDSA signature over SHA-256 of the message holds for the public key (high-S accepted, as Java signs). */
export const ecdsaVerify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean => {
  try {
    return secp256k1.verify(signature, message, publicKey, { format: "der", prehash: true, lowS: false });
  } catch {
    return false;
  }
};
