// Per-checkout secrets for local runs: generated once (crypto random) into a git-ignored vars file and
// never overwritten, so `npm start`, `npm run dev` and the browser tests run with every secret a deploy
// needs, none of them a string fixed in the code.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";

/** The secrets every deploy needs (worker/env.d.ts); the others belong to optional providers (scripts/check-deploy.ts). */
export const REQUIRED_SECRETS = ["PURGE_SECRET", "SESSION_SECRET", "REALTIME_SECRET", "ADMIN_SECRET"] as const;
/** Secrets of optional features a local run also gets, so `npm start` and the tests have every feature (ZATCA's stand-in onboarding, Tap's stand-in connection). */
export const LOCAL_SECRETS = [...REQUIRED_SECRETS, "ZATCA_KEY_SECRET", "TAP_KEY_SECRET"] as const;
type LocalSecret = (typeof LOCAL_SECRETS)[number];

/** The checkout's own vars file: wrangler dev and `npm run dev` read it; .gitignore keeps it out of git. */
export const LOCAL_VARS_FILE = ".dev.vars";

/** NAME=value lines of a .dev.vars text (quotes around a value dropped, comments skipped). */
export function parseVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/** Appends each of `defaults` that `file` lacks (or has empty), keeping every value already there; returns the file's vars. */
export function ensureVars(file: string, defaults: Record<string, () => string>): Record<string, string> {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const vars = parseVars(text);
  const missing = Object.keys(defaults).filter((name) => !vars[name]);
  if (missing.length > 0) {
    for (const name of missing) vars[name] = defaults[name]!();
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${text === "" || text.endsWith("\n") ? "" : "\n"}${missing.map((name) => `${name}=${vars[name]}`).join("\n")}\n`, { mode: 0o600 });
  }
  return vars;
}

const randomSecret = () => randomBytes(32).toString("hex");

/** The required secrets and the local features' in `file`, generating (once) any it lacks. */
export function localSecrets(file = LOCAL_VARS_FILE): Record<LocalSecret, string> {
  const vars = ensureVars(file, Object.fromEntries(LOCAL_SECRETS.map((name) => [name, randomSecret])));
  return Object.fromEntries(LOCAL_SECRETS.map((name) => [name, vars[name]!])) as Record<LocalSecret, string>;
}
