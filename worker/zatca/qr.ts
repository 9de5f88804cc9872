// The phase-2 QR of a signed document (ZATCA's Security Features Implementation Standards, BR-KSA-27):
// tags 1 seller name, 2 VAT number, 3 issue timestamp, 4 total with VAT, 5 VAT total as UTF-8 text, 6 the
// invoice hash and 7 the signature as their base64 TEXT, 8 the certificate's public key (SubjectPublicKeyInfo
// DER) and 9, for a simplified document only, the CA's signature over the certificate (DER bytes). The
// one TLV encoder is worker/rules/zatca.ts's.
import { readTlv, tlv } from "../rules/zatca";
import { toBase64 } from "./bytes";

export interface QrFields {
  seller: string;
  vatNumber: string;
  /** IssueDate and IssueTime as "YYYY-MM-DDTHH:MM:SS". */
  timestamp: string;
  total: string;
  vat: string;
  hash: string;
  signature: string;
  publicKey: Uint8Array;
  /** Only for a simplified document. */
  certificateSignature?: Uint8Array;
}

/** The base64 QR payload. Throws a RangeError when a value is empty or longer than 255 bytes. */
export const phase2Qr = (f: QrFields): string =>
  toBase64(
    tlv([f.seller, f.vatNumber, f.timestamp, f.total, f.vat, f.hash, f.signature, f.publicKey, ...(f.certificateSignature ? [f.certificateSignature] : [])]),
  );

/** A phase-2 payload read back (verify.ts, the stand-in, the tests): text tags decoded, key tags as bytes. */
export const readPhase2Qr = (base64: string): QrFields => {
  const tags = new Map(readTlv(base64).map(({ tag, value }) => [tag, value]));
  const text = (tag: number) => new TextDecoder("utf-8", { fatal: true }).decode(tags.get(tag) ?? new Uint8Array());
  return {
    seller: text(1),
    vatNumber: text(2),
    timestamp: text(3),
    total: text(4),
    vat: text(5),
    hash: text(6),
    signature: text(7),
    publicKey: tags.get(8) ?? new Uint8Array(),
    certificateSignature: tags.get(9),
  };
};
