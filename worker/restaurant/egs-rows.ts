// The restaurant's EGS rows (object schema 18, ./schema-zatca-egs.ts): the console's view of each branch's
// onboarding (never a key or a secret), and the onboarding's writes, each conditional so that concurrent
// submits for one branch leave one EGS. The sealed columns leave the object only as ciphertext, for
// ./zatca-egs.ts `egsSigner`. A branch that is not the restaurant's has no row and takes none.
import type { SqlStore } from "./sql-bridge";

/** Onboarding stuck in 'compliance' longer than this (a worker gone mid-way) may be started again. */
const STALE_ONBOARDING_MS = 5 * 60_000;

type EgsState = "compliance" | "active" | "failed";
export type EgsEnvironment = "stand-in" | "sandbox" | "simulation" | "production";

/** A branch's EGS as the console shows it: no key, no secret, no token. */
export interface EgsView {
  branch_id: number;
  state: EgsState;
  environment: EgsEnvironment;
  serial: string;
  invoice_types: string;
  expires_at: number | null;
  /** ZATCA's messages of a failed onboarding (JSON of {code, message}[]), or null. */
  messages: string | null;
  icv: number;
  /** 0 when the key is not here (a restored data file carries none): the branch is onboarded again. */
  key_held: 0 | 1;
  updated_at: number;
}

const VIEW = `SELECT e.branch_id, e.state, e.environment, e.serial, e.invoice_types, e.expires_at, e.messages, e.icv,
  (coalesce(e.key_cipher, '') <> '') AS key_held, e.updated_at
  FROM zatca_egs e JOIN branches b ON b.id = e.branch_id AND b.restaurant_id = ?`;

/** Every branch's EGS (branches never onboarded have none). */
export const egsViews = async (db: SqlStore, restaurantId: number) =>
  (await db.prepare(`${VIEW} ORDER BY e.branch_id`).bind(restaurantId).all<EgsView>()).results;

export const egsView = (db: SqlStore, restaurantId: number, branchId: number) =>
  db.prepare(`${VIEW} WHERE e.branch_id = ?`).bind(restaurantId, branchId).first<EgsView>();

/** What an onboarding stores once ZATCA issued its compliance CSID; the secrets sealed (./egs-seal.ts). */
export interface ComplianceEgs {
  branch_id: number;
  environment: EgsEnvironment;
  common_name: string;
  serial: string;
  invoice_types: "0100" | "1100";
  compliance_token: string;
  compliance_secret: string;
  compliance_request_id: string;
  key_cipher: string;
  key_iv: string;
}

/**
 * Stores a branch's onboarding under way: a new row, or over one that failed, lost its key (a restored
 * file), belongs to another ZATCA environment or was left mid-way (its counter and chain kept). False when the branch is not the restaurant's, or another onboarding holds it
 * (under way or done): of concurrent submits, one stores.
 */
export async function claimEgs(db: SqlStore, restaurantId: number, e: ComplianceEgs, now: number): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `INSERT INTO zatca_egs (branch_id, state, environment, common_name, serial, invoice_types, compliance_token, compliance_secret,
         compliance_request_id, key_cipher, key_iv, created_at, updated_at)
       SELECT id, 'compliance', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12 FROM branches WHERE id = ?1 AND restaurant_id = ?2
       ON CONFLICT (branch_id) DO UPDATE SET state = 'compliance', environment = ?3, common_name = ?4, serial = ?5, invoice_types = ?6,
         compliance_token = ?7, compliance_secret = ?8, compliance_request_id = ?9, key_cipher = ?10, key_iv = ?11, certificate = NULL,
         secret = NULL, expires_at = NULL, messages = NULL, updated_at = ?12
       WHERE zatca_egs.state = 'failed' OR coalesce(zatca_egs.key_cipher, '') = '' OR zatca_egs.environment <> ?3 OR (zatca_egs.state = 'compliance' AND zatca_egs.updated_at < ?13)`,
    )
    .bind(
      e.branch_id,
      restaurantId,
      e.environment,
      e.common_name,
      e.serial,
      e.invoice_types,
      e.compliance_token,
      e.compliance_secret,
      e.compliance_request_id,
      e.key_cipher,
      e.key_iv,
      now,
      now - STALE_ONBOARDING_MS,
    )
    .run();
  return meta.changes === 1;
}

/** The production CSID of the onboarding that holds the branch (named by its compliance request). */
export async function activateEgs(
  db: SqlStore,
  restaurantId: number,
  branchId: number,
  requestId: string,
  p: { certificate: string; secret: string; expires_at: number },
  now: number,
): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE zatca_egs SET state = 'active', certificate = ?, secret = ?, expires_at = ?, messages = NULL, updated_at = ?
       WHERE branch_id = ? AND compliance_request_id = ? AND state = 'compliance' AND branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?)`,
    )
    .bind(p.certificate, p.secret, p.expires_at, now, branchId, requestId, restaurantId)
    .run();
  return meta.changes === 1;
}

/** The onboarding failed with ZATCA's messages; the branch may be onboarded again. */
export async function failEgs(
  db: SqlStore,
  restaurantId: number,
  branchId: number,
  requestId: string,
  messages: readonly { code: string; message: string }[],
  now: number,
) {
  await db
    .prepare(
      "UPDATE zatca_egs SET state = 'failed', messages = ?, updated_at = ? WHERE branch_id = ? AND compliance_request_id = ? AND state = 'compliance' AND branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?)",
    )
    .bind(JSON.stringify(messages.slice(0, 20)), now, branchId, requestId, restaurantId)
    .run();
}

/** A renewed production CSID and its new key, replacing the one renewed (of concurrent renewals, one). */
export async function renewEgs(
  db: SqlStore,
  restaurantId: number,
  branchId: number,
  renewed: string,
  p: { certificate: string; secret: string; expires_at: number; key_cipher: string; key_iv: string },
  now: number,
): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE zatca_egs SET certificate = ?, secret = ?, expires_at = ?, key_cipher = ?, key_iv = ?, messages = NULL, updated_at = ?
       WHERE branch_id = ? AND state = 'active' AND certificate = ? AND branch_id IN (SELECT id FROM branches WHERE restaurant_id = ?)`,
    )
    .bind(p.certificate, p.secret, p.expires_at, p.key_cipher, p.key_iv, now, branchId, renewed, restaurantId)
    .run();
  return meta.changes === 1;
}

/** A branch's EGS with its sealed columns (ciphertext only), for egsSigner and a renewal; never for a screen. */
export interface SealedEgs {
  state: EgsState;
  environment: EgsEnvironment;
  serial: string;
  certificate: string | null;
  secret: string | null;
  key_cipher: string | null;
  key_iv: string | null;
}

export const sealedEgs = (db: SqlStore, restaurantId: number, branchId: number) =>
  db
    .prepare(
      `SELECT e.state, e.environment, e.serial, e.certificate, e.secret, e.key_cipher, e.key_iv
       FROM zatca_egs e JOIN branches b ON b.id = e.branch_id AND b.restaurant_id = ? WHERE e.branch_id = ?`,
    )
    .bind(restaurantId, branchId)
    .first<SealedEgs>();
