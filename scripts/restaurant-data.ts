// An operator's export or import of one restaurant's whole data (docs/decisions/0041), by calling the
// running site's admin endpoints with ADMIN_SECRET: the environment's, else this checkout's .dev.vars.
// Usage: npm run restaurant-data -- export <domain> [--url https://…]
//        npm run restaurant-data -- import <domain> <exports/…json> [--url https://…] [--allow-other-restaurant]
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { LOCAL_VARS_FILE, parseVars } from "./secrets.ts";

const USAGE =
  "Usage: npm run restaurant-data -- export <domain> [--url https://…]\n       npm run restaurant-data -- import <domain> <exports/…json> [--url https://…] [--allow-other-restaurant]";

export interface DataCall {
  url: string;
  body?: string;
}

/** The request a command line makes, or the reason it is wrong. */
export function dataCall(args: string[]): DataCall | string {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: { url: { type: "string", default: "http://127.0.0.1:8787" }, "allow-other-restaurant": { type: "boolean", default: false } },
  });
  const [action, domain, key] = positionals;
  if (!domain || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(domain)) return USAGE;
  const base = `${String(values.url).replace(/\/+$/, "")}/_edge/restaurants/${domain}`;
  if (action === "export" && positionals.length === 2) return { url: `${base}/export` };
  if (action === "import" && positionals.length === 3 && key) {
    return { url: `${base}/import`, body: JSON.stringify({ key, allow_other_restaurant: values["allow-other-restaurant"] === true }) };
  }
  return USAGE;
}

/** The admin secret: the environment's, else this checkout's .dev.vars (what `npm start` generated). */
export function adminSecret(): string | undefined {
  if (process.env.ADMIN_SECRET) return process.env.ADMIN_SECRET;
  return existsSync(LOCAL_VARS_FILE) ? parseVars(readFileSync(LOCAL_VARS_FILE, "utf8")).ADMIN_SECRET : undefined;
}

async function main() {
  const call = dataCall(process.argv.slice(2));
  if (typeof call === "string") {
    console.error(call);
    process.exit(2);
  }
  const secret = adminSecret();
  if (!secret) {
    console.error(
      `Set ADMIN_SECRET in the environment (the deploy's, from \`wrangler secret put ADMIN_SECRET\`) or run \`npm start\` once to generate ${LOCAL_VARS_FILE}.`,
    );
    process.exit(2);
  }
  const res = await fetch(call.url, { method: "POST", body: call.body, headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" } });
  const text = await res.text();
  (res.ok ? console.log : console.error)(text);
  if (!res.ok) process.exit(1);
}

if (import.meta.main) await main();
