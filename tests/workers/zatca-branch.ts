// A branch onboarded for the tests of Phase-2 documents without going through onboarding: its EGS row
// active with ZATCA's SDK sample certificate and key, sealed as the onboarding seals them
// (worker/restaurant/egs-seal.ts), so the object's stamping opens them as it opens a real branch's.
import { env } from "cloudflare:test";
import certificate from "../fixtures/zatca/cert.pem?raw";
import privateKeyPem from "../fixtures/zatca/ec-secp256k1-priv-key.pem?raw";
import { egsKey, seal, sealText } from "../../worker/restaurant/egs-seal";
import { fromBase64 } from "../../worker/zatca/bytes";
import { catalogueRun } from "./catalogue";

export const SAMPLE_CERTIFICATE = certificate.trim();

/** Makes `branchId`'s EGS active with the SDK's certificate (the key sealed under the test deploy's secret). */
export async function activeSampleEgs(restaurantId: number, branchId: number): Promise<void> {
  const key = (await egsKey(env))!;
  const to = { restaurantId, branchId };
  const sealedKey = await seal(key, fromBase64(privateKeyPem).slice(7, 39), { ...to, purpose: "key" });
  const secret = await sealText(key, "sample-secret", { ...to, purpose: "secret" });
  await catalogueRun(
    restaurantId,
    `INSERT INTO zatca_egs (branch_id, state, environment, common_name, serial, invoice_types, certificate, secret, key_cipher, key_iv, created_at, updated_at)
     VALUES (?, 'active', 'stand-in', 'EGS-test', '1-Menu|2-1|3-test', '1100', ?, ?, ?, ?, ?, ?)`,
    branchId,
    SAMPLE_CERTIFICATE,
    secret,
    sealedKey.cipher,
    sealedKey.iv,
    Date.now(),
    Date.now(),
  );
}
