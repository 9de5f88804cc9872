// A local stand-in of ZATCA's e-invoicing API (issue 37 point 5; docs/zatca-stand-in.md): its paths, its
// Basic auth by CSID, its answers (200, 202 with warnings, 400, 401, 500) and their shapes, for the demo
// (`npm start`: the client in ../zatca-api.ts calls it in-process) and the tests. OTPs: any six digits
// but 000000, which it refuses as ZATCA refuses a bad OTP. It issues certificates from its test CA
// (./ca.ts), checks documents as ZATCA does (./checks.ts) and keeps the chains in KV (./state.ts).
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { fromBase64, toBase64 } from "../../zatca/bytes";
import { validationResults, type ZatcaMessage } from "../../zatca/messages";
import { issueCertificate, readCsr } from "./ca";
import { checkDocument, DocumentBody } from "./checks";
import { forgetCsid, readCsid, saveCsid, saveDocumentHash, type IssuedCsid } from "./state";

/** Where the stand-in answers (the client's base URL in the demo). */
export const STAND_IN_BASE = "https://zatca-stand-in.invalid/e-invoicing/stand-in";

/** Days a compliance CSID and a production CSID of the stand-in are valid. */
const COMPLIANCE_DAYS = 7;
const PRODUCTION_DAYS = 365;

/** The documents ZATCA's compliance steps ask for, by the EGS's invoice types (the CSR's title). */
const requiredSteps = (invoiceTypes: string) => [
  ...(invoiceTypes[0] === "1" ? ["standard-388", "standard-381", "standard-383"] : []),
  ...(invoiceTypes[1] === "1" ? ["simplified-388", "simplified-381", "simplified-383"] : []),
];

type Ctx = Context<{ Bindings: Env }>;

const refuse = (c: Ctx, ...errors: string[]) =>
  c.json({ requestID: null, dispositionMessage: "NOT_ISSUED", binarySecurityToken: null, secret: null, errors }, 400);
const unauthorized = (c: Ctx) => c.body(null, 401);

const randomSecret = () => toBase64(crypto.getRandomValues(new Uint8Array(32)));
const requestId = () => String(1_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999));

/** The CSID of the request's Basic auth, when its secret is right and it is of this kind. */
async function authorized(c: Ctx, kind: IssuedCsid["kind"]): Promise<(IssuedCsid & { token: string }) | null> {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!basic) return null;
  let pair = "";
  try {
    pair = new TextDecoder().decode(fromBase64(basic));
  } catch {
    return null;
  }
  const colon = pair.indexOf(":");
  const [token, secret] = [pair.slice(0, colon), pair.slice(colon + 1)];
  const csid = colon > 0 ? await readCsid(c.env.HOSTS, token) : null;
  return csid && csid.kind === kind && csid.secret === secret ? { ...csid, token } : null;
}

const body = async <S extends v.GenericSchema>(c: Ctx, schema: S): Promise<v.InferOutput<S> | null> => {
  const parsed = v.safeParse(schema, await c.req.json().catch(() => null));
  return parsed.success ? parsed.output : null;
};

const invalidRequest = (c: Ctx) =>
  c.json(
    {
      validationResults: validationResults([
        { type: "ERROR", code: "invalid-request", category: "HTTP", message: "The request body is not valid", status: "ERROR" },
      ]),
    },
    400,
  );

const issued = (c: Ctx, id: string, token: string, secret: string) =>
  c.json({ requestID: Number(id), dispositionMessage: "ISSUED", binarySecurityToken: token, secret, errors: null });

/** 200, 202 with warnings, 400 with errors: ZATCA's answer to a document. */
const answer = (c: Ctx, messages: ZatcaMessage[], fields: (ok: boolean) => Record<string, unknown>) => {
  const results = validationResults(messages);
  const ok = results.status !== "ERROR";
  return c.json({ validationResults: results, ...fields(ok) }, ok ? (results.status === "WARNING" ? 202 : 200) : 400);
};

export const standIn = new Hono<{ Bindings: Env }>().basePath("/e-invoicing/stand-in");

standIn.post("/compliance", async (c) => {
  const otp = c.req.header("OTP") ?? "";
  if (!/^\d{6}$/.test(otp) || otp === "000000") return refuse(c, "Invalid-OTP");
  const input = await body(c, v.object({ csr: v.pipe(v.string(), v.minLength(1), v.maxLength(20_000)) }));
  if (!input) return refuse(c, "Invalid-CSR");
  const csr = readCsr(input.csr);
  if ("refused" in csr || csr.template !== "TSTZATCA-Code-Signing") return refuse(c, "Invalid-CSR");
  const { binarySecurityToken } = issueCertificate(csr, COMPLIANCE_DAYS, Date.now());
  const secret = randomSecret();
  const id = requestId();
  await saveCsid(c.env.HOSTS, binarySecurityToken, {
    kind: "compliance",
    secret,
    requestId: id,
    serial: csr.serial,
    vatNumber: csr.vatNumber,
    invoiceTypes: csr.invoiceTypes,
    passed: [],
    csr: toBase64(csr.der),
  });
  return issued(c, id, binarySecurityToken, secret);
});

standIn.post("/compliance/invoices", async (c) => {
  const egs = await authorized(c, "compliance");
  if (!egs) return unauthorized(c);
  const input = await body(c, DocumentBody);
  if (!input) return invalidRequest(c);
  const { messages, doc } = await checkDocument(input, egs, null);
  if (doc && !requiredSteps(egs.invoiceTypes).includes(doc.kind))
    messages.push({ type: "ERROR", code: "invoice-type", category: "KSA", message: `This EGS was not onboarded for ${doc.kind} documents`, status: "ERROR" });
  const ok = !messages.some((m) => m.type === "ERROR");
  if (ok && doc && !egs.passed.includes(doc.kind)) await saveCsid(c.env.HOSTS, egs.token, { ...egs, passed: [...egs.passed, doc.kind] });
  return answer(c, messages, (passed) => ({
    reportingStatus: doc?.simplified ? (passed ? "REPORTED" : "NOT_REPORTED") : null,
    clearanceStatus: doc && !doc.simplified ? (passed ? "CLEARED" : "NOT_CLEARED") : null,
    qrSellertStatus: null,
    qrBuyertStatus: null,
  }));
});

standIn.post("/production/csids", async (c) => {
  const egs = await authorized(c, "compliance");
  if (!egs) return unauthorized(c);
  const input = await body(c, v.object({ compliance_request_id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)) }));
  if (!input || input.compliance_request_id !== egs.requestId) return refuse(c, "Invalid-Request-ID");
  const missing = requiredSteps(egs.invoiceTypes).filter((step) => !egs.passed.includes(step));
  if (missing.length > 0 || !egs.csr) return refuse(c, ...missing.map((step) => `Missing-Compliance-Step: ${step}`));
  const { binarySecurityToken } = issueCertificate({ ...egs, der: fromBase64(egs.csr), template: "" }, PRODUCTION_DAYS, Date.now());
  const secret = randomSecret();
  const id = requestId();
  await saveCsid(c.env.HOSTS, binarySecurityToken, { ...egs, kind: "production", secret, requestId: id, passed: [], csr: undefined });
  return issued(c, id, binarySecurityToken, secret);
});

standIn.patch("/production/csids", async (c) => {
  const egs = await authorized(c, "production");
  if (!egs) return unauthorized(c);
  const otp = c.req.header("OTP") ?? "";
  if (!/^\d{6}$/.test(otp) || otp === "000000") return refuse(c, "Invalid-OTP");
  const input = await body(c, v.object({ csr: v.pipe(v.string(), v.minLength(1), v.maxLength(20_000)) }));
  const csr = input ? readCsr(input.csr) : { refused: "no CSR" };
  if ("refused" in csr || csr.serial !== egs.serial || csr.vatNumber !== egs.vatNumber) return refuse(c, "Invalid-CSR");
  const { binarySecurityToken } = issueCertificate(csr, PRODUCTION_DAYS, Date.now());
  const secret = randomSecret();
  const id = requestId();
  await saveCsid(c.env.HOSTS, binarySecurityToken, { ...egs, secret, requestId: id, invoiceTypes: csr.invoiceTypes, renewedFrom: egs.token });
  await forgetCsid(c.env.HOSTS, egs.token);
  return issued(c, id, binarySecurityToken, secret);
});

/** Reporting (simplified) and clearance (standard): the document's checks with its chain. */
const submit = (clearance: boolean) => async (c: Ctx) => {
  const egs = await authorized(c, "production");
  if (!egs) return unauthorized(c);
  const input = await body(c, DocumentBody);
  if (!input) return invalidRequest(c);
  const { messages, doc, repeat } = await checkDocument(input, egs, c.env.HOSTS);
  if (doc && doc.simplified === clearance)
    messages.push({
      type: "ERROR",
      code: "invoice-type",
      category: "KSA",
      message: clearance ? "A simplified document is reported, not cleared" : "A standard document is cleared, not reported",
      status: "ERROR",
    });
  const ok = !messages.some((m) => m.type === "ERROR");
  if (ok && doc && !repeat) await saveDocumentHash(c.env.HOSTS, egs, doc.icv, input.invoiceHash);
  return answer(c, messages, (passed) =>
    clearance
      ? { clearanceStatus: passed ? "CLEARED" : "NOT_CLEARED", clearedInvoice: passed ? input.invoice : null }
      : { reportingStatus: passed ? "REPORTED" : "NOT_REPORTED" },
  );
};

standIn.post("/invoices/reporting/single", submit(false));
standIn.post("/invoices/clearance/single", submit(true));

// Anything the stand-in did not foresee is ZATCA's 500, with no detail of the request in it or in a log.
standIn.onError((_e, c) => c.json({ code: "500", category: "HTTP-Errors", message: "Something went wrong and caused an Internal Server Error." }, 500));
