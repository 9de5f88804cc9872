// ZATCA's own SDK samples and credentials (tests/fixtures/zatca/README.md) and a restaurant's document,
// shared by the zatca-* unit tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fromBase64 } from "../../worker/zatca/bytes";
import { FIRST_PIH, type ZatcaDocument } from "../../worker/zatca/document";

const FIXTURES = join(__dirname, "../fixtures/zatca");

export const SAMPLES = ["Simplified_Invoice", "Simplified_Credit_Note", "Simplified_Debit_Note", "Standard_Invoice", "Standard_Credit_Note"] as const;

export const sample = (name: (typeof SAMPLES)[number]): string => readFileSync(join(FIXTURES, `${name}.xml`), "utf8");

/** The SDK's certificate: base64 DER, as ds:X509Certificate carries it. */
export const SDK_CERTIFICATE = readFileSync(join(FIXTURES, "cert.pem"), "utf8").trim();

/** The SDK's private key: SEC1 DER (RFC 5915), whose 32 key bytes sit at offset 7. */
export const SDK_PRIVATE_KEY = fromBase64(readFileSync(join(FIXTURES, "ec-secp256k1-priv-key.pem"), "utf8")).slice(7, 39);

/** A value of a signed document, read with a pattern (the tests' own reading, not the library's). */
export const pick = (xml: string, pattern: RegExp): string => pattern.exec(xml)?.[1] ?? "";

/** A Saudi restaurant's simplified invoice: Arabic names, `&` and `<`, a discounted line and a service charge. */
export const restaurantInvoice = (over: Partial<ZatcaDocument> = {}): ZatcaDocument => ({
  kind: "invoice",
  subtype: "simplified",
  uuid: "3b1a6c2e-3f1d-4a8e-9d0c-5e7f8a9b0c1d",
  number: "INV-000001",
  issueDate: "2026-11-29",
  issueTime: "13:45:07",
  icv: 1,
  pih: FIRST_PIH,
  seller: {
    name: "مطعم النخيل & <أبناؤه>",
    vatNumber: "399999999900003",
    crn: "1010010000",
    address: { street: "الامير سلطان", building: "2322", district: "المربع", city: "الرياض", postalCode: "23333" },
  },
  lines: [
    { name: "كبسة لحم", quantity: 2, unitPrice: 4348, category: "S", vatBp: 1500 },
    { name: "Tea & mint", quantity: 3, unitPrice: 870, discount: 1, category: "S", vatBp: 1500 },
  ],
  charges: [{ reason: "Service charge", amount: 1000, category: "S", vatBp: 1500 }],
  paymentMeans: "48",
  ...over,
});
