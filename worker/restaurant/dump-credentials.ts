// What a restaurant's data file never holds (docs/decisions/0061): anything that signs,
// opens or proves — ZATCA EGS keys and CSID secrets (even sealed), webhook signing secrets, printer
// keys' and API keys' hashes, print jobs' tokens, payment return tokens' hashes, diners' SMS codes and
// order tokens. An export writes those cells as null (and leaves those tables' rows out), and the file
// says which; an import, of any file, writes new random values in their place (an EGS key: none), so
// whatever a file held no longer works anywhere.
import { randomHex } from "../rules/secrets";
import { newWebhookSecret } from "./webhooks";

/** A value nobody holds the key of: the hash columns take 64 hex digits (a SHA-256's shape). */
const unknownHash = () => randomHex(32);

/** No key: an EGS whose key is "" signs nothing until onboarded again (worker/restaurant/egs-rows.ts). */
const noKey = () => "";

/** Credential columns and how an import renews them (a new value for every row that had one). */
const RENEWED: Record<string, Record<string, () => string>> = {
  webhook_endpoints: { secret: newWebhookSecret },
  printers: { key_hash: unknownHash },
  restaurant_keys: { key_hash: unknownHash },
  print_jobs: { token: () => randomHex(16) },
  payment_sessions: { token_hash: unknownHash },
  // A ZATCA EGS's sealed key and CSID secrets (decision 0072): an imported branch holds none and is
  // onboarded again (its counter and chain, in clear, go on); even the ciphertext stays out of the file.
  zatca_egs: { key_cipher: noKey, key_iv: noKey, secret: noKey, compliance_secret: noKey },
};
/**
 * Tables of credentials only: their rows are left out (diners ask for a new code; a restaurant connects
 * its Tap account again, decision 0076: even its sealed key never leaves the object).
 */
const DROPPED = ["otp_codes", "order_tokens", "tap_account"];

/** What the file says it left out: `table.column`, or a table whose rows are all left out. */
export const LEFT_OUT: readonly string[] = [
  ...Object.entries(RENEWED).flatMap(([table, columns]) => Object.keys(columns).map((c) => `${table}.${c}`)),
  ...DROPPED,
];

type Tables = Record<string, Record<string, unknown>[]>;

/** The tables as a file may carry them: credential cells null, credential-only tables empty. */
export function withoutCredentials(tables: Tables): Tables {
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => {
      if (DROPPED.includes(table)) return [table, []];
      const columns = RENEWED[table];
      if (!columns) return [table, rows];
      return [table, rows.map((row) => ({ ...row, ...Object.fromEntries(Object.keys(columns).map((c) => [c, null])) }))];
    }),
  );
}

/** The file's tables with a new value in every credential cell (whatever the file held) and no short-lived credential. */
export function withNewCredentials(tables: Tables): { tables: Tables; renewed: string[] } {
  const renewed = new Set<string>();
  const out = Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => {
      if (DROPPED.includes(table)) return [table, []];
      const columns = RENEWED[table];
      if (!columns || rows.length === 0) return [table, rows];
      if (table !== "payment_sessions" && table !== "print_jobs") renewed.add(table);
      return [table, rows.map((row) => ({ ...row, ...Object.fromEntries(Object.entries(columns).map(([c, make]) => [c, make()])) }))];
    }),
  );
  return { tables: out, renewed: [...renewed] };
}
