// A branch onboarded for the tests of Phase-2 documents without going through the console's onboarding:
// its EGS row active with a production CSID the ZATCA stand-in issued from its CA (it then takes the
// branch's reports), the key and secret sealed as the onboarding seals them (worker/restaurant/egs-seal.ts),
// so the object's stamping and the queue's consumer open them as they open a real branch's.
import { env } from "cloudflare:test";
import certificate from "../fixtures/zatca/cert.pem?raw";
import privateKeyPem from "../fixtures/zatca/ec-secp256k1-priv-key.pem?raw";
import { egsKey, seal, sealText } from "../../worker/restaurant/egs-seal";
import { issueCertificate, readCsr, type ReadCsr } from "../../worker/providers/zatca-stand-in/ca";
import { saveCsid } from "../../worker/providers/zatca-stand-in/state";
import { fromBase64 } from "../../worker/zatca/bytes";
import { zatcaCsr } from "../../worker/zatca/csr";
import { generateKeyPair } from "../../worker/zatca/keys";
import { catalogueRun } from "./catalogue";

export const SAMPLE_CERTIFICATE = certificate.trim();

/** Makes `branchId`'s EGS active with the SDK's certificate (the key sealed under the test deploy's secret). */
export const activeSampleEgs = (restaurantId: number, branchId: number) =>
  storeEgs(restaurantId, branchId, { certificate: SAMPLE_CERTIFICATE, privateKey: fromBase64(privateKeyPem).slice(7, 39), secret: "sample-secret" });

/** Makes `branchId`'s EGS active with a production CSID of the stand-in for seller `vatNumber`: its certificate and the EGS as the stand-in knows it. */
export async function activeStandInEgs(
  restaurantId: number,
  branchId: number,
  vatNumber: string,
): Promise<{ certificate: string; egs: { vatNumber: string; serial: string } }> {
  const { privateKey } = generateKeyPair();
  const serial = crypto.randomUUID();
  const csr = readCsr(
    zatcaCsr(
      {
        environment: "developer",
        commonName: `EGS-${branchId}`,
        organization: "Test seller",
        branch: `Branch ${branchId}`,
        egs: { solution: "Menu", model: "1", serial },
        vatNumber,
        invoiceTypes: "1100",
        address: "RRRD2929",
        businessCategory: "Restaurants",
      },
      privateKey,
    ),
  ) as ReadCsr;
  const { binarySecurityToken } = issueCertificate(csr, 365, Date.now());
  const secret = `secret-${serial}`;
  await saveCsid(env.HOSTS, binarySecurityToken, {
    kind: "production",
    secret,
    requestId: "1",
    serial: csr.serial,
    vatNumber,
    invoiceTypes: "1100",
    passed: [],
  });
  await storeEgs(restaurantId, branchId, { certificate: binarySecurityToken, privateKey, secret });
  return { certificate: binarySecurityToken, egs: { vatNumber, serial: csr.serial } };
}

async function storeEgs(restaurantId: number, branchId: number, egs: { certificate: string; privateKey: Uint8Array; secret: string }): Promise<void> {
  const key = (await egsKey(env))!;
  const to = { restaurantId, branchId };
  const sealedKey = await seal(key, Uint8Array.from(egs.privateKey), { ...to, purpose: "key" });
  const secret = await sealText(key, egs.secret, { ...to, purpose: "secret" });
  await catalogueRun(
    restaurantId,
    `INSERT INTO zatca_egs (branch_id, state, environment, common_name, serial, invoice_types, certificate, secret, key_cipher, key_iv, created_at, updated_at)
     VALUES (?, 'active', 'stand-in', 'EGS-test', '1-Menu|2-1|3-test', '1100', ?, ?, ?, ?, ?, ?)
     ON CONFLICT (branch_id) DO UPDATE SET certificate = excluded.certificate, secret = excluded.secret, key_cipher = excluded.key_cipher,
       key_iv = excluded.key_iv, state = 'active'`,
    branchId,
    egs.certificate,
    secret,
    sealedKey.cipher,
    sealedKey.iv,
    Date.now(),
    Date.now(),
  );
}
