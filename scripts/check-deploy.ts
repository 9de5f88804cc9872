// `npm run check:deploy` (and the first step of `npm run deploy`): lists everything a deploy lacks
// before `wrangler deploy` runs: a binding the code uses that wrangler.toml does not declare, a
// placeholder D1/KV id, a var a deploy must not keep, and every required secret (or one an optional
// provider's settings call for) that `wrangler secret list` does not show. Exits 1 when anything is missing.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as v from "valibot";
import { REQUIRED_SECRETS } from "./secrets.ts";
import { wranglerProcessEnv } from "./settings.ts";

type TomlValue = string | number | boolean | string[];
type Table = Record<string, TomlValue>;
export interface WranglerToml {
  vars: Table;
  tables: Record<string, Table[]>;
}

/** The subset of TOML wrangler.toml uses: [table], [[array of tables]], key = "string" | number | bool | ["strings"]. */
export function parseWranglerToml(text: string): WranglerToml {
  const parsed: WranglerToml = { vars: {}, tables: {} };
  let current: Table = {};
  const top: Table = current;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$|^\s*#.*$/, "").trim();
    if (line === "") continue;
    const array = /^\[\[([\w.]+)\]\]$/.exec(line);
    const table = /^\[([\w.]+)\]$/.exec(line);
    if (array) (parsed.tables[array[1]!] ??= []).push((current = {}));
    else if (table) current = table[1] === "vars" ? parsed.vars : ((parsed.tables[table[1]!] ??= [{}]), parsed.tables[table[1]!]![0]!);
    else {
      const pair = /^([\w-]+)\s*=\s*(.+)$/.exec(line);
      if (pair) current[pair[1]!] = tomlValue(pair[2]!);
    }
  }
  parsed.tables[""] = [top];
  return parsed;
}

function tomlValue(text: string): TomlValue {
  if (text.startsWith("[")) return [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text === "true" || text === "false") return text === "true";
  return Number(text);
}

/** The bindings the code uses (worker-configuration.d.ts), by wrangler.toml's table and its name key. */
export const REQUIRED_BINDINGS = [
  { table: "d1_databases", key: "binding", name: "DB", create: "wrangler d1 create menu" },
  { table: "kv_namespaces", key: "binding", name: "HOSTS", create: "wrangler kv namespace create HOSTS" },
  { table: "r2_buckets", key: "binding", name: "PICTURES", create: "wrangler r2 bucket create menu-pictures" },
  { table: "durable_objects.bindings", key: "name", name: "REALTIME", create: "class ChannelHub" },
  { table: "durable_objects.bindings", key: "name", name: "SOCKET_LEDGER", create: "class SocketLedger" },
  { table: "durable_objects.bindings", key: "name", name: "PURGE_GUARD", create: "class PurgeGuard" },
  { table: "durable_objects.bindings", key: "name", name: "VISITS", create: "class VisitTally" },
  { table: "durable_objects.bindings", key: "name", name: "RESTAURANT", create: "class Restaurant" },
  { table: "durable_objects.bindings", key: "name", name: "LIMIT_LEDGER", create: "class LimitLedger" },
  { table: "queues.producers", key: "binding", name: "WEBHOOKS", create: "wrangler queues create menu-webhooks" },
  { table: "queues.producers", key: "binding", name: "WEBHOOKS_SLOW", create: "wrangler queues create menu-webhooks-slow" },
  { table: "queues.producers", key: "binding", name: "ZATCA", create: "wrangler queues create menu-zatca" },
  { table: "queues.producers", key: "binding", name: "PAYMENTS", create: "wrangler queues create menu-payments" },
] as const;

const isPlaceholder = (id: TomlValue | undefined) => typeof id !== "string" || /^[0-]*$/.test(id);

/** The secrets these vars call for: the required ones, and each configured provider's. */
export function neededSecrets(vars: Table): string[] {
  const set = (name: string) => typeof vars[name] === "string" && vars[name] !== "";
  const needed: string[] = [...REQUIRED_SECRETS];
  if (set("PUSHER_KEY")) needed.push("PUSHER_SECRET");
  if (vars.SMS_PROVIDER === "twilio") needed.push("TWILIO_AUTH_TOKEN");
  if (set("STRIPE_PRICE_MONTHLY") || set("STRIPE_PRICE_ANNUAL")) needed.push("STRIPE_SECRET_KEY", "STRIPE_BILLING_WEBHOOK_SECRET");
  if (set("CF_ZONE_ID")) needed.push("CF_API_TOKEN");
  if (set("ZATCA_ENVIRONMENT")) needed.push("ZATCA_KEY_SECRET");
  if (vars.TAP_PAYMENTS === "on") needed.push("TAP_KEY_SECRET");
  return [...new Set(needed)];
}

/**
 * Everything missing for a deploy of this wrangler.toml with these secrets; empty when ready.
 * `secrets` is the Worker's secret names, or why they could not be listed.
 */
export function deployProblems(toml: WranglerToml, secrets: string[] | { error: string }): string[] {
  const problems: string[] = [];
  const { vars } = toml;
  for (const binding of REQUIRED_BINDINGS) {
    const entry = (toml.tables[binding.table] ?? []).find((t) => t[binding.key] === binding.name);
    if (!entry) problems.push(`Binding ${binding.name} is missing: add it under [[${binding.table}]] in wrangler.toml (${binding.create}).`);
    else if (binding.table === "d1_databases" && isPlaceholder(entry.database_id)) {
      problems.push(`D1 database ${binding.name}: database_id is a placeholder; run \`${binding.create}\` and put its id in wrangler.toml.`);
    } else if (binding.table === "kv_namespaces" && isPlaceholder(entry.id)) {
      problems.push(`KV namespace ${binding.name}: id is a placeholder; run \`${binding.create}\` and put its id in wrangler.toml.`);
    }
  }
  // The webhooks' two queues and ZATCA's are consumed by this Worker, or deliveries and reports wait forever.
  for (const name of ["WEBHOOKS", "WEBHOOKS_SLOW", "ZATCA"]) {
    const queue = (toml.tables["queues.producers"] ?? []).find((t) => t.binding === name)?.queue;
    if (queue && !(toml.tables["queues.consumers"] ?? []).some((t) => t.queue === queue))
      problems.push(`Queue ${String(queue)} has no [[queues.consumers]] entry: this Worker must consume it.`);
  }
  if (vars.ENVIRONMENT !== "production") problems.push(`Var ENVIRONMENT is "${String(vars.ENVIRONMENT ?? "")}": a deploy runs "production".`);
  if (vars.DEMO_PROVIDERS === "on") problems.push('Var DEMO_PROVIDERS is "on": a deploy must not take demo codes and demo payments.');
  const setVar = (name: string) => typeof vars[name] === "string" && vars[name] !== "";
  if (vars.SMS_PROVIDER === "twilio") {
    if (!setVar("TWILIO_ACCOUNT_SID")) problems.push('Var TWILIO_ACCOUNT_SID is empty, and SMS_PROVIDER is "twilio".');
    if (!setVar("TWILIO_FROM") && !setVar("TWILIO_MESSAGING_SERVICE_SID"))
      problems.push('Var TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is needed, and SMS_PROVIDER is "twilio".');
  }
  if (setVar("ZATCA_ENVIRONMENT") && !["sandbox", "simulation", "production"].includes(String(vars.ZATCA_ENVIRONMENT)))
    problems.push(
      `Var ZATCA_ENVIRONMENT is "${String(vars.ZATCA_ENVIRONMENT)}": it is "sandbox", "simulation" or "production" (or empty: no Saudi e-invoicing).`,
    );
  if (setVar("TAP_PAYMENTS") && vars.TAP_PAYMENTS !== "on")
    problems.push(`Var TAP_PAYMENTS is "${String(vars.TAP_PAYMENTS)}": it is "on" (Tap Payments with each restaurant's own key) or empty (no Tap).`);
  if (setVar("STRIPE_PRICE_MONTHLY") !== setVar("STRIPE_PRICE_ANNUAL"))
    problems.push("Vars STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL go together: one is empty.");
  if (setVar("PUSHER_KEY") && !setVar("PUSHER_CLUSTER") && !setVar("PUSHER_HOST"))
    problems.push("Var PUSHER_CLUSTER or PUSHER_HOST is needed, and PUSHER_KEY is set.");
  if ("error" in secrets) {
    problems.push(`The Worker's secrets could not be listed (${secrets.error}); log in with \`wrangler login\`. Needed: ${neededSecrets(vars).join(", ")}.`);
    return problems;
  }
  const have = new Set(secrets);
  for (const name of neededSecrets(vars)) if (!have.has(name)) problems.push(`Secret ${name} is not set: \`wrangler secret put ${name}\`.`);
  // Stripe card payments: both or neither.
  if (have.has("STRIPE_SECRET_KEY") !== have.has("STRIPE_WEBHOOK_SECRET")) {
    problems.push(
      `Secret ${have.has("STRIPE_SECRET_KEY") ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is not set, and card payments need both: \`wrangler secret put …\`.`,
    );
  }
  return problems;
}

const SecretList = v.array(v.object({ name: v.string() }));

/** The deployed Worker's secret names (`wrangler secret list`), or why not. */
function listSecrets(): string[] | { error: string } {
  try {
    const out = execFileSync("npx", ["wrangler", "secret", "list", "--format", "json", "--config", "wrangler.toml"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: wranglerProcessEnv(process.env),
    });
    const parsed = v.safeParse(SecretList, JSON.parse(out.slice(out.indexOf("["))));
    return parsed.success ? parsed.output.map((s) => s.name) : { error: "wrangler answered something else than a list" };
  } catch (error) {
    // wrangler's first line says why (not logged in, no such Worker), in colour.
    const stderr = (error as { stderr?: string }).stderr
      ?.replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .map((l) => l.replace(/^\s*✘\s*\[ERROR\]\s*/, "").trim())
      .find(Boolean);
    return { error: stderr ?? (error as Error).message };
  }
}

if (import.meta.main) {
  const problems = deployProblems(parseWranglerToml(readFileSync("wrangler.toml", "utf8")), listSecrets());
  if (problems.length === 0) {
    console.log("check:deploy: every binding, id and secret is in place.");
  } else {
    console.error(`check:deploy: ${problems.length} thing(s) missing before \`wrangler deploy\`:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
}
