// The one door to a branch's signing credentials (docs/decisions/0072; issue 37 point 3 signs with it):
// the active EGS's certificate, private key and CSID secret, opened in memory from the object's sealed row
// under ZATCA_KEY_SECRET. Never put what it returns in a response, a log line, an error or a file.
import type { EgsEnvironment } from "./egs-rows";
import { sealedEgs } from "./egs-rows";
import { egsKey, unseal, unsealText } from "./egs-seal";
import type { SqlStore } from "./sql-bridge";
import { restaurantCall } from "./stub";

export interface EgsSigner {
  /** ZATCA's binarySecurityToken of the production CSID (base64 of the certificate's base64). */
  certificate: string;
  /** The raw 32-byte secp256k1 private key. */
  privateKey: Uint8Array;
  /** The CSID's secret (Basic auth `certificate:secret` for reporting and clearance). */
  secret: string;
  environment: EgsEnvironment;
  /** The EGS serial number of its CSR (`1-…|2-…|3-…`). */
  serial: string;
}

/**
 * The branch's signer, or null when it has no active EGS (not onboarded, failed, its key not here) or the
 * deploy has no ZATCA_KEY_SECRET. Inside the restaurant's object, pass its store: the row is read there,
 * with no call to itself; elsewhere the object answers with ciphertext only.
 */
export async function egsSigner(env: Env, restaurantId: number, branchId: number, store?: SqlStore): Promise<EgsSigner | null> {
  const key = await egsKey(env);
  if (!key) return null;
  const row = store ? await sealedEgs(store, restaurantId, branchId) : await restaurantCall(env, { id: restaurantId }, "sealedEgs", branchId);
  if (!row || row.state !== "active" || !row.certificate || !row.key_cipher || !row.key_iv) return null;
  const to = { restaurantId, branchId };
  const privateKey = await unseal(key, { cipher: row.key_cipher, iv: row.key_iv }, { ...to, purpose: "key" });
  const secret = await unsealText(key, row.secret, { ...to, purpose: "secret" });
  if (!privateKey || secret === null) return null;
  return { certificate: row.certificate, privateKey, secret, environment: row.environment, serial: row.serial };
}
