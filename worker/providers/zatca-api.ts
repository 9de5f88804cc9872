// ZATCA's e-invoicing API (the Fatoora gateway's compliance and production CSIDs, compliance checks,
// reporting and clearance), typed over a fetch-shaped transport: Fatoora's own over the network, or in
// the demo the stand-in's app in-process (./zatca-stand-in), so the same code speaks the protocol either
// way and a test wraps the transport to fail once. Every answer is parsed with valibot into one result;
// nothing here throws on ZATCA's answer, logs, or puts a secret into a message.
import * as v from "valibot";

/** A fetch-shaped function: `fetch`, or the stand-in's app. */
export type ZatcaTransport = (request: Request) => Promise<Response>;

/** One of ZATCA's messages ({type, code, category, message, status}). */
interface ZatcaApiMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface ZatcaResult {
  /** accepted: 200 and no warning; warnings: accepted with warnings (202 or messages); rejected: ZATCA refused the request (400); error: anything else (401, 5xx, network). */
  status: "accepted" | "warnings" | "rejected" | "error";
  /** ZATCA's HTTP status (0: no answer: network failure or timeout). */
  httpStatus: number;
  validationResults: { infoMessages: ZatcaApiMessage[]; warningMessages: ZatcaApiMessage[]; errorMessages: ZatcaApiMessage[] };
  /** Clearance: the invoice as ZATCA cleared it (its XML, decoded). */
  clearedInvoice?: string;
  /** The CSID calls: what ZATCA issued. */
  csid?: { requestId: string; binarySecurityToken: string; secret: string };
}

/** An EGS's credentials for the calls after the compliance CSID: Basic `binarySecurityToken:secret`. */
export interface ZatcaCredentials {
  binarySecurityToken: string;
  secret: string;
}

/** A signed document as the invoice calls send it. */
export interface ZatcaDocumentBody {
  invoiceHash: string;
  uuid: string;
  /** The signed XML (sent base64). */
  invoice: string;
}

const Message = v.object({
  type: v.optional(v.string(), "ERROR"),
  code: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), ""),
  category: v.optional(v.nullable(v.string()), ""),
  message: v.optional(v.nullable(v.string()), ""),
  status: v.optional(v.nullable(v.string()), ""),
});
const Messages = v.optional(v.nullable(v.array(Message)), []);
const Answer = v.looseObject({
  validationResults: v.optional(
    v.nullable(v.looseObject({ infoMessages: Messages, warningMessages: Messages, errorMessages: Messages, status: v.optional(v.nullable(v.string())) })),
  ),
  reportingStatus: v.optional(v.nullable(v.string())),
  clearanceStatus: v.optional(v.nullable(v.string())),
  clearedInvoice: v.optional(v.nullable(v.string())),
  requestID: v.optional(v.nullable(v.pipe(v.union([v.string(), v.number()]), v.transform(String)))),
  dispositionMessage: v.optional(v.nullable(v.string())),
  binarySecurityToken: v.optional(v.nullable(v.string())),
  secret: v.optional(v.nullable(v.string())),
  // Refusals outside validationResults: `errors` (strings, or {code, message}), or one {code, message}.
  errors: v.optional(v.nullable(v.array(v.union([v.string(), Message])))),
  code: v.optional(v.nullable(v.pipe(v.union([v.string(), v.number()]), v.transform(String)))),
  message: v.optional(v.nullable(v.string())),
  errorCode: v.optional(v.nullable(v.string())),
  errorMessage: v.optional(v.nullable(v.string())),
});

const clean = (m: v.InferOutput<typeof Message>, type = m.type): ZatcaApiMessage => ({
  type,
  code: m.code,
  category: m.category ?? "",
  message: m.message ?? "",
  status: m.status || (type === "ERROR" ? "ERROR" : type === "WARNING" ? "WARNING" : "PASS"),
});

/** A byte-safe base64 of a UTF-8 text (the XML may hold Arabic). */
const base64Text = (text: string) => btoa(Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join(""));
const textOfBase64 = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

/** ZATCA's answer as a result: its status, its messages (a refusal outside validationResults becomes an error message). */
export function zatcaResult(httpStatus: number, body: unknown): ZatcaResult {
  const parsed = v.safeParse(Answer, body ?? {});
  const a = parsed.success ? parsed.output : {};
  const vr = "validationResults" in a && a.validationResults ? a.validationResults : null;
  const errors = (vr?.errorMessages ?? []).map((m) => clean(m, "ERROR"));
  const warnings = (vr?.warningMessages ?? []).map((m) => clean(m, "WARNING"));
  const infos = (vr?.infoMessages ?? []).map((m) => clean(m, "INFO"));
  if ("errors" in a && a.errors)
    for (const e of a.errors)
      errors.push(typeof e === "string" ? clean({ type: "ERROR", code: e, category: "", message: e, status: "ERROR" }) : clean(e, "ERROR"));
  if (!vr && errors.length === 0 && httpStatus >= 400) {
    const code = ("errorCode" in a && a.errorCode) || ("code" in a && a.code) || String(httpStatus);
    const message =
      ("errorMessage" in a && a.errorMessage) ||
      ("message" in a && a.message) ||
      (httpStatus === 401 ? "Unauthorized: the CSID or its secret is not accepted" : `ZATCA answered ${httpStatus}`);
    errors.push(clean({ type: "ERROR", code, category: "HTTP", message, status: "ERROR" }));
  }
  const refused =
    ("reportingStatus" in a && a.reportingStatus === "NOT_REPORTED") ||
    ("clearanceStatus" in a && a.clearanceStatus === "NOT_CLEARED") ||
    vr?.status === "ERROR";
  const status: ZatcaResult["status"] =
    httpStatus === 400 || (httpStatus >= 200 && httpStatus < 300 && (refused || errors.length > 0))
      ? "rejected"
      : httpStatus === 200 || httpStatus === 202
        ? warnings.length > 0 || httpStatus === 202
          ? "warnings"
          : "accepted"
        : "error";
  const result: ZatcaResult = { status, httpStatus, validationResults: { infoMessages: infos, warningMessages: warnings, errorMessages: errors } };
  if ("clearedInvoice" in a && a.clearedInvoice) result.clearedInvoice = textOfBase64(a.clearedInvoice);
  if ((status === "accepted" || status === "warnings") && "binarySecurityToken" in a && a.binarySecurityToken && a.secret && a.requestID)
    result.csid = { requestId: a.requestID, binarySecurityToken: a.binarySecurityToken, secret: a.secret };
  return result;
}

/** Fatoora's base URLs by environment (the configuration ZATCA_ENVIRONMENT names one). */
export const FATOORA_BASES = {
  sandbox: "https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal",
  simulation: "https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation",
  production: "https://gw-fatoora.zatca.gov.sa/e-invoicing/core",
} as const;

/** How long a call to ZATCA may take before it counts as no answer. */
const TIMEOUT_MS = 20_000;

/** The API over a transport at a base URL (Fatoora's, or the stand-in's). */
export function zatcaApi(base: string, transport: ZatcaTransport) {
  const call = async (method: "POST" | "PATCH", path: string, body: unknown, headers: Record<string, string>): Promise<ZatcaResult> => {
    const request = new Request(`${base}${path}`, {
      method,
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Version": "V2", "Accept-Language": "en", ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let response: Response;
    try {
      response = await transport(request);
    } catch {
      return zatcaResult(0, null);
    }
    const text = await response.text().catch(() => "");
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return zatcaResult(response.status, json);
  };
  const basic = (c: ZatcaCredentials) => ({ Authorization: `Basic ${btoa(`${c.binarySecurityToken}:${c.secret}`)}` });
  const document = (doc: ZatcaDocumentBody) => ({ invoiceHash: doc.invoiceHash, uuid: doc.uuid, invoice: base64Text(doc.invoice) });
  return {
    /** The compliance CSID for a CSR (base64 of its PEM), with the OTP from the Fatoora portal. */
    complianceCsid: (otp: string, csr: string) => call("POST", "/compliance", { csr }, { OTP: otp }),
    /** One compliance check of a signed sample document, with the compliance CSID. */
    complianceCheck: (creds: ZatcaCredentials, doc: ZatcaDocumentBody) => call("POST", "/compliance/invoices", document(doc), basic(creds)),
    /** The production CSID once the compliance checks passed, with the compliance CSID. */
    productionCsid: (creds: ZatcaCredentials, complianceRequestId: string) =>
      call("POST", "/production/csids", { compliance_request_id: complianceRequestId }, basic(creds)),
    /** A renewed production CSID for a new CSR, with the current production CSID and a new OTP. */
    renewCsid: (creds: ZatcaCredentials, otp: string, csr: string) => call("PATCH", "/production/csids", { csr }, { ...basic(creds), OTP: otp }),
    /** Reports a simplified document (within 24 hours of issuing it). */
    report: (creds: ZatcaCredentials, doc: ZatcaDocumentBody) =>
      call("POST", "/invoices/reporting/single", document(doc), { ...basic(creds), "Clearance-Status": "0" }),
    /** Clears a standard document before it is given to the buyer. */
    clear: (creds: ZatcaCredentials, doc: ZatcaDocumentBody) =>
      call("POST", "/invoices/clearance/single", document(doc), { ...basic(creds), "Clearance-Status": "1" }),
  };
}

export type ZatcaApi = ReturnType<typeof zatcaApi>;
