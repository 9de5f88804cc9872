// The EGS's private key and CSID secrets at rest (docs/decisions/0072): AES-GCM under the deploy secret
// ZATCA_KEY_SECRET (32 bytes as 64 hex digits), with the restaurant, the branch and what the value is as
// additional data, so a ciphertext moved to another row, branch or restaurant does not open. A deploy
// without the secret (or with a malformed one) has no key: onboarding refuses with a 503, nothing is
// ever stored in clear. Nothing here logs or throws a value.
import { fromBase64, toBase64 } from "../zatca/bytes";

/** What a sealed value is, bound into its additional data. */
export type SealedPurpose = "key" | "secret" | "compliance-secret";

/** The AES key from ZATCA_KEY_SECRET, or null when the deploy has none (or not 64 hex digits). */
export async function egsKey(env: Pick<Env, "ZATCA_KEY_SECRET">): Promise<CryptoKey | null> {
  const secret = env.ZATCA_KEY_SECRET ?? "";
  if (!/^[0-9a-f]{64}$/i.test(secret)) return null;
  const raw = Uint8Array.from(secret.match(/../g)!, (h) => parseInt(h, 16));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const aad = (restaurantId: number, branchId: number, purpose: SealedPurpose) => new TextEncoder().encode(`zatca-egs:${restaurantId}:${branchId}:${purpose}`);

/** A sealed value: base64 ciphertext and base64 IV (12 random bytes). */
export interface Sealed {
  cipher: string;
  iv: string;
}

export async function seal(
  key: CryptoKey,
  value: Uint8Array<ArrayBuffer>,
  to: { restaurantId: number; branchId: number; purpose: SealedPurpose },
): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(to.restaurantId, to.branchId, to.purpose) }, key, value);
  return { cipher: toBase64(new Uint8Array(cipher)), iv: toBase64(iv) };
}

/** The value, or null when it does not open (another deploy's secret, another row's, or tampered). */
export async function unseal(
  key: CryptoKey,
  sealed: Sealed,
  to: { restaurantId: number; branchId: number; purpose: SealedPurpose },
): Promise<Uint8Array | null> {
  try {
    const iv = new Uint8Array(fromBase64(sealed.iv));
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: aad(to.restaurantId, to.branchId, to.purpose) },
      key,
      new Uint8Array(fromBase64(sealed.cipher)),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}

/** A secret text sealed into one column: "iv.cipher". */
export const sealText = async (key: CryptoKey, text: string, to: { restaurantId: number; branchId: number; purpose: SealedPurpose }) => {
  const sealed = await seal(key, new TextEncoder().encode(text), to);
  return `${sealed.iv}.${sealed.cipher}`;
};

export const unsealText = async (key: CryptoKey, column: string | null, to: { restaurantId: number; branchId: number; purpose: SealedPurpose }) => {
  const [iv, cipher] = (column ?? "").split(".");
  if (!iv || !cipher) return null;
  const plain = await unseal(key, { iv, cipher }, to);
  return plain && new TextDecoder().decode(plain);
};
