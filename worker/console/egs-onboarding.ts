// Onboarding a branch's EGS with ZATCA (issue 37 point 2; docs/decisions/0072), in the worker: a new
// secp256k1 key, the CSR from the seller's VAT number and the branch, the compliance CSID for the owner's
// OTP, the sample documents' compliance checks, the production CSID. The key and the CSID secrets are
// sealed (../restaurant/egs-seal.ts) before they reach the object, which stores the first step
// conditionally: of concurrent submits for one branch, one onboards; a refused OTP stores nothing.
// Renewal: a new key and CSR for the production CSID, with a new OTP.
import { csrEnvironment, zatcaConnection } from "../providers/zatca";
import type { ZatcaResult } from "../providers/zatca-api";
import type { EgsView } from "../restaurant/egs-rows";
import { egsKey, seal, sealText } from "../restaurant/egs-seal";
import { restaurantCall } from "../restaurant/stub";
import { egsSigner } from "../restaurant/zatca-egs";
import { readCertificate } from "../zatca/certificate";
import { zatcaCsr } from "../zatca/csr";
import { generateKeyPair } from "../zatca/keys";
import type { ConsoleTenant } from "./reads";
import { sampleDocuments, signedSamples } from "./egs-samples";

/** The documents every EGS of the site issues: standard (B2B, cleared) and simplified (reported). */
const INVOICE_TYPES = "1100";

export type EgsProblem =
  "unconfigured" | "notSaudi" | "notFound" | "noVat" | "busy" | "active" | "notActive" | "otp" | "csr" | "compliance" | "production" | "zatca";

/** ZATCA's messages as the screen shows them (code and text; never a credential). */
type ZatcaNote = { code: string; message: string };

export type EgsOutcome = { ok: true; egs: EgsView } | { ok: false; problem: EgsProblem; messages: ZatcaNote[] };

type Refused = Extract<EgsOutcome, { ok: false }>;
const refused = (problem: EgsProblem, messages: ZatcaNote[] = []): Refused => ({ ok: false, problem, messages });
const notesOf = (r: ZatcaResult): ZatcaNote[] =>
  [...r.validationResults.errorMessages, ...r.validationResults.warningMessages].map(({ code, message }) => ({ code, message }));
/** Why ZATCA refused a CSID call: the CSR, or else the OTP (expired, used or mistyped). */
const csidProblem = (r: ZatcaResult): EgsProblem =>
  r.status !== "rejected" ? "zatca" : notesOf(r).some((n) => /csr/i.test(`${n.code} ${n.message}`)) ? "csr" : "otp";

/** What the CSR and the samples say of the seller and the branch, or why they cannot be built. */
async function sellerAndBranch(env: Env, tenant: ConsoleTenant, branchId: number) {
  const [seller, branch] = await Promise.all([restaurantCall(env, tenant, "sellerRow"), restaurantCall(env, tenant, "branchSettingsRow", branchId)]);
  if (!branch) return "notFound" as const;
  if (!seller?.trn || !/^3\d{13}3$/.test(seller.trn)) return "noVat" as const;
  const branchName = branch.name_en || branch.name_ar || `Branch ${branchId}`;
  const name = seller.legal_name_ar || seller.legal_name_en || branchName;
  const address = branch.address_en || branch.address_ar || seller.address || branchName;
  return { name, vatNumber: seller.trn, address, branchName };
}

const csrOf = (
  env: Env,
  environment: EgsView["environment"],
  who: Exclude<Awaited<ReturnType<typeof sellerAndBranch>>, string>,
  branchId: number,
  serial: string,
  privateKey: Uint8Array,
) =>
  zatcaCsr(
    {
      environment: csrEnvironment(environment),
      commonName: `${env.APP_NAME || "Menu"}-EGS-${branchId}`,
      organization: who.name,
      branch: who.branchName,
      egs: { solution: env.APP_NAME || "Menu", model: "web", serial: serial.replace(/^.*\|3-/, "") },
      vatNumber: who.vatNumber,
      invoiceTypes: INVOICE_TYPES,
      address: who.address,
      businessCategory: "Restaurant",
    },
    privateKey,
  );

/** What onboarding and renewal both need first: ZATCA and the key secret configured, a Saudi restaurant, its VAT number and the branch; or the refusal. */
async function prerequisites(env: Env, tenant: ConsoleTenant, country: string, branchId: number) {
  const connection = zatcaConnection(env);
  const key = await egsKey(env);
  if (!connection || !key) return refused("unconfigured");
  if (country.toUpperCase() !== "SA") return refused("notSaudi");
  const who = await sellerAndBranch(env, tenant, branchId);
  if (typeof who === "string") return refused(who);
  return { connection, key, who };
}

/** Onboards the branch with the owner's OTP; a Saudi restaurant only (`country`), with its VAT number. */
export async function onboardBranch(env: Env, tenant: ConsoleTenant, country: string, branchId: number, otp: string, now = Date.now()): Promise<EgsOutcome> {
  const ready = await prerequisites(env, tenant, country, branchId);
  if ("problem" in ready) return ready;
  const { connection, key, who } = ready;
  const current = await restaurantCall(env, tenant, "egsView", branchId);
  if (current?.state === "active" && current.key_held && current.environment === connection.environment) return refused("active");
  const serial = current?.serial ?? `1-${env.APP_NAME || "Menu"}|2-web|3-${crypto.randomUUID()}`;
  const { privateKey } = generateKeyPair();
  let csr: string;
  try {
    csr = csrOf(env, connection.environment, who, branchId, serial, privateKey);
  } catch {
    return refused("csr");
  }
  const issued = await connection.api.complianceCsid(otp, csr);
  if (!issued.csid) return refused(csidProblem(issued), notesOf(issued));
  const to = { restaurantId: tenant.id, branchId };
  const sealedKey = await seal(key, new Uint8Array(privateKey), { ...to, purpose: "key" });
  const claimed = await restaurantCall(
    env,
    tenant,
    "claimEgs",
    {
      branch_id: branchId,
      environment: connection.environment,
      common_name: `${env.APP_NAME || "Menu"}-EGS-${branchId}`,
      serial,
      invoice_types: INVOICE_TYPES,
      compliance_token: issued.csid.binarySecurityToken,
      compliance_secret: await sealText(key, issued.csid.secret, { ...to, purpose: "compliance-secret" }),
      compliance_request_id: issued.csid.requestId,
      key_cipher: sealedKey.cipher,
      key_iv: sealedKey.iv,
    },
    now,
  );
  if (!claimed) return refused("busy");
  const failed = async (problem: EgsProblem, messages: ZatcaNote[]) => {
    await restaurantCall(env, tenant, "failEgs", branchId, issued.csid!.requestId, messages, Date.now());
    return refused(problem, messages);
  };
  const credentials = { binarySecurityToken: issued.csid.binarySecurityToken, secret: issued.csid.secret };
  for (const sample of signedSamples(sampleDocuments(who, INVOICE_TYPES, now), credentials.binarySecurityToken, privateKey, now)) {
    const checked = await connection.api.complianceCheck(credentials, sample);
    if (checked.status === "rejected") return failed("compliance", notesOf(checked));
    if (checked.status === "error") return failed("zatca", notesOf(checked));
  }
  const production = await connection.api.productionCsid(credentials, issued.csid.requestId);
  if (!production.csid) return failed(production.status === "rejected" ? "production" : "zatca", notesOf(production));
  const activated = await restaurantCall(
    env,
    tenant,
    "activateEgs",
    branchId,
    issued.csid.requestId,
    {
      certificate: production.csid.binarySecurityToken,
      secret: await sealText(key, production.csid.secret, { ...to, purpose: "secret" }),
      expires_at: readCertificate(production.csid.binarySecurityToken).notAfter.getTime(),
    },
    Date.now(),
  );
  const egs = activated ? await restaurantCall(env, tenant, "egsView", branchId) : null;
  return egs ? { ok: true, egs } : refused("busy");
}

/** Renews the branch's production CSID (before it expires) with a new OTP: a new key and CSR, the same EGS and chain. */
export async function renewBranch(env: Env, tenant: ConsoleTenant, country: string, branchId: number, otp: string, now = Date.now()): Promise<EgsOutcome> {
  const ready = await prerequisites(env, tenant, country, branchId);
  if ("problem" in ready) return ready;
  const { connection, key, who } = ready;
  const signer = await egsSigner(env, tenant.id, branchId);
  if (!signer || signer.environment !== connection.environment) return refused("notActive");
  const { privateKey } = generateKeyPair();
  let csr: string;
  try {
    csr = csrOf(env, connection.environment, who, branchId, signer.serial, privateKey);
  } catch {
    return refused("csr");
  }
  const renewed = await connection.api.renewCsid({ binarySecurityToken: signer.certificate, secret: signer.secret }, otp, csr);
  if (!renewed.csid) return refused(csidProblem(renewed), notesOf(renewed));
  const to = { restaurantId: tenant.id, branchId };
  const sealedKey = await seal(key, new Uint8Array(privateKey), { ...to, purpose: "key" });
  const stored = await restaurantCall(
    env,
    tenant,
    "renewEgs",
    branchId,
    signer.certificate,
    {
      certificate: renewed.csid.binarySecurityToken,
      secret: await sealText(key, renewed.csid.secret, { ...to, purpose: "secret" }),
      expires_at: readCertificate(renewed.csid.binarySecurityToken).notAfter.getTime(),
      key_cipher: sealedKey.cipher,
      key_iv: sealedKey.iv,
    },
    now,
  );
  const egs = stored ? await restaurantCall(env, tenant, "egsView", branchId) : null;
  return egs ? { ok: true, egs } : refused("busy");
}
