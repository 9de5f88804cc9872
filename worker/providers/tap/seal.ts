// A restaurant's Tap secret key at rest (docs/decisions/0076), sealed as the EGS keys are
// (../../restaurant/egs-seal.ts): AES-GCM under the deploy secret TAP_KEY_SECRET (32 bytes as 64 hex
// digits), the restaurant's id as additional data, so a ciphertext moved to another restaurant does not
// open. No secret: no Tap (connecting answers 503). Nothing here logs or throws a value.
import { fromBase64, toBase64 } from "../../zatca/bytes";

/** The AES key from TAP_KEY_SECRET, or null when the deploy has none (or not 64 hex digits). */
export async function tapSealKey(env: Pick<Env, "TAP_KEY_SECRET">): Promise<CryptoKey | null> {
  const secret = env.TAP_KEY_SECRET ?? "";
  if (!/^[0-9a-f]{64}$/i.test(secret)) return null;
  const raw = Uint8Array.from(secret.match(/../g)!, (h) => parseInt(h, 16));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const aad = (restaurantId: number) => new TextEncoder().encode(`tap-key:${restaurantId}`);

/** The key sealed into one column: "iv.cipher" (base64). */
export async function sealTapKey(key: CryptoKey, restaurantId: number, secretKey: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(restaurantId) }, key, new TextEncoder().encode(secretKey));
  return `${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** The key, or null when it does not open (another deploy's secret, another restaurant's, tampered). */
export async function unsealTapKey(key: CryptoKey, restaurantId: number, column: string | null): Promise<string | null> {
  const [iv, cipher] = (column ?? "").split(".");
  if (!iv || !cipher) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: new Uint8Array(fromBase64(iv)), additionalData: aad(restaurantId) },
      key,
      new Uint8Array(fromBase64(cipher)),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
