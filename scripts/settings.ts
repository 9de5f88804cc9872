// The site's settings a developer may give `npm start` and `npm run dev` in the process environment
// (`UPSTREAM_URL=https://backend.example/api npm start`). Precedence, highest first: the process
// environment, then .dev.vars, then wrangler.toml's [vars]. Only the site's own setting names are
// taken, never the rest of the environment.
import { readFileSync } from "node:fs";

/** A process environment (not NodeJS.ProcessEnv, which the Worker's generated types extend). */
export type Environment = Record<string, string | undefined>;

/**
 * Secrets and optional tuning vars, not in wrangler.toml's [vars]: the names worker/env.d.ts declares
 * (its one home), so a new secret (CF_API_TOKEN was missed) cannot be left out of the list.
 */
export function declaredNames(source: string): string[] {
  return [...source.matchAll(/^\s+([A-Z][A-Z0-9_]*)\?: string;/gm)].map((m) => m[1]!);
}

/** The names under [vars] in a wrangler.toml text. */
export function varNames(toml: string): string[] {
  const section = /^\[vars\]\s*$([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  return [...section.matchAll(/^([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]!);
}

/** The site's settings present in `env`, by name. */
export function settingsFrom(
  env: Environment,
  toml = readFileSync("wrangler.toml", "utf8"),
  declared = readFileSync("worker/env.d.ts", "utf8"),
): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const name of [...varNames(toml), ...declaredNames(declared)]) {
    const value = env[name];
    if (value !== undefined) settings[name] = value;
  }
  return settings;
}

/** The environment wrangler runs in: no metrics, and offline its lookup of Request.cf's data would
 * fail with a stack trace, so its built-in sample is used instead. */
export const wranglerProcessEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false",
});
