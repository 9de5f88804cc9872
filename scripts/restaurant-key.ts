// Issues a restaurant's key for the order-status call (POST /api/orderStatus, X-Restaurant-Key):
// stores only its sha256 in D1 (restaurant_keys) and prints the key once; it cannot be shown again.
// A restaurant may hold several keys (rotation: issue a new one, then delete the old row).
// Usage: node scripts/restaurant-key.ts <domain> [--remote] [--label text]
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { randomId, sha256 } from "../worker/api/ordering/secrets.ts";

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The statement storing `key`'s hash for the restaurant `domain`; it returns no row for an unknown domain. */
export async function storeKeySql(domain: string, key: string, label: string): Promise<string> {
  return `INSERT OR IGNORE INTO restaurant_keys (restaurant_id, key_hash, label) SELECT id, ${sqlText(await sha256(key))}, ${sqlText(label)} FROM restaurants WHERE domain = ${sqlText(domain)} RETURNING restaurant_id`;
}

/** 32 random bytes: a key is only as strong as its randomness, since its hash is unsalted. */
export const newRestaurantKey = () => `rk_${randomId(32)}`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { remote: { type: "boolean", default: false }, label: { type: "string" } },
  });
  const [domain] = positionals;
  if (!domain || positionals.length !== 1) {
    console.error("Usage: node scripts/restaurant-key.ts <domain> [--remote] [--label text]");
    process.exit(2);
  }
  const key = newRestaurantKey();
  const sql = await storeKeySql(domain, key, values.label ?? `issued ${new Date().toISOString().slice(0, 10)}`);
  // --config wrangler.toml: after a build, wrangler would otherwise follow the redirect to build/.
  const out = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--config", "wrangler.toml", values.remote ? "--remote" : "--local", "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const [result] = JSON.parse(out) as { results?: unknown[] }[];
  if (!result?.results?.length) {
    console.error(`No restaurant with the domain "${domain}" in the ${values.remote ? "remote" : "local"} D1: no key issued.`);
    process.exit(1);
  }
  console.error(`A new key for ${domain} (shown only now; send it as X-Restaurant-Key with "domain": "${domain}"):`);
  console.log(key);
}

if (import.meta.main) await main();
