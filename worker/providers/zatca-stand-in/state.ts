// What the stand-in remembers, in the HOSTS namespace under `zatca-stand-in:` (docs/decisions/0072): each
// CSID it issued (by the SHA-256 of its token: its secret, kind, EGS and, for a compliance CSID, the
// sample documents that passed), and each reported or cleared document's hash by EGS and counter, which
// the next document's PIH is checked against. Keys by counter are written once, so no write races another.
import { sha256 } from "@noble/hashes/sha2.js";
import { toHex, utf8 } from "../../zatca/bytes";

const PREFIX = "zatca-stand-in:";

export interface IssuedCsid {
  kind: "compliance" | "production";
  secret: string;
  requestId: string;
  serial: string;
  vatNumber: string;
  invoiceTypes: string;
  /** Compliance CSIDs: the documents that passed, as "simplified-388", "standard-381"…, and the CSR (base64 DER) the production CSID is issued for. */
  passed: string[];
  csr?: string;
  /** Production CSIDs: an earlier token this one renewed (it stops working). */
  renewedFrom?: string;
}

const csidKey = (token: string) => `${PREFIX}csid:${toHex(sha256(utf8(token)))}`;

export const readCsid = (kv: KVNamespace, token: string) => kv.get<IssuedCsid>(csidKey(token), "json");

export const saveCsid = (kv: KVNamespace, token: string, csid: IssuedCsid) =>
  kv.put(csidKey(token), JSON.stringify(csid), csid.kind === "compliance" ? { expirationTtl: 86_400 } : {});

export const forgetCsid = (kv: KVNamespace, token: string) => kv.delete(csidKey(token));

const docKey = (egs: Pick<IssuedCsid, "vatNumber" | "serial">, icv: number) => `${PREFIX}doc:${egs.vatNumber}:${toHex(sha256(utf8(egs.serial)))}:${icv}`;

/** The hash of the EGS's document with this counter, when it was reported or cleared here. */
export const documentHash = (kv: KVNamespace, egs: Pick<IssuedCsid, "vatNumber" | "serial">, icv: number) => kv.get(docKey(egs, icv));

export const saveDocumentHash = (kv: KVNamespace, egs: Pick<IssuedCsid, "vatNumber" | "serial">, icv: number, hash: string) => kv.put(docKey(egs, icv), hash);
