// Prepares the local D1 and KV that `npm start`, `npm run dev` and the browser tests use:
// migrations (schema + demo seed), the demo dishes' nutrition (./seed/nutrition.ts), the Saudi demo
// restaurant (./seed/saudi.ts), the demo restaurants' development keys for the order-status
// call, and the custom hostname menu.grillhouse.test → grill-house. Run as `npm run db:setup` (before
// `npm run dev`), it also fills the checkout's .dev.vars: development mode, the demo providers and the
// generated secrets (scripts/secrets.ts), each written once.
// Usage: node scripts/local-data.ts [persist-dir]
import { execFileSync } from "node:child_process";
import { sha256 } from "../worker/rules/secrets.ts";
import { LOCAL_VARS_FILE, ensureVars, localSecrets } from "./secrets.ts";
import { wranglerProcessEnv } from "./settings.ts";
import { demoNutritionSql, NUTRITION_COLUMNS } from "./seed/nutrition.ts";
import { SAUDI_DOMAIN, saudiDemoSql } from "./seed/saudi.ts";

export const DEMO_HOSTS: Record<string, string> = { "menu.grillhouse.test": "grill-house" };
/**
 * Known keys (X-Restaurant-Key) of the demo restaurants, for the local D1 only: migrations run on
 * deploys too, so no key is ever in one. A deployed restaurant's key comes from scripts/restaurant-key.ts.
 */
export const DEV_RESTAURANT_KEYS: Record<string, string> = { saffron: "dev-key-saffron", "grill-house": "dev-key-grill-house" };
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A key's hash in D1's seed tables, which each restaurant's object takes with its catalogue (docs/decisions/0045). */
const storeKeySql = async (domain: string, key: string, label: string) =>
  `INSERT OR IGNORE INTO restaurant_keys (restaurant_id, key_hash, label) SELECT id, ${sqlText(await sha256(key))}, ${sqlText(label)} FROM restaurants WHERE domain = ${sqlText(domain)}`;
const devKeysSql = (await Promise.all(Object.entries(DEV_RESTAURANT_KEYS).map(([domain, key]) => storeKeySql(domain, key, "development")))).join("; ");

export function prepareLocalData(persistTo?: string) {
  // --config wrangler.toml: after a build, wrangler would otherwise follow the redirect to build/.
  const common = ["--config", "wrangler.toml", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const wrangler = (...args: string[]) =>
    execFileSync("npx", ["wrangler", ...args, ...common], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...wranglerProcessEnv(process.env), CI: "1" },
    });
  wrangler("d1", "migrations", "apply", "DB");
  // After `npm run move-to-objects -- --finish` the old tables are gone, and the objects hold the keys.
  // The demo dishes' nutrition goes on the seed tables, once, while they are there (scripts/seed/nutrition.ts).
  const found = execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--json",
      "--command",
      "SELECT (SELECT count(*) FROM sqlite_master WHERE name = 'restaurant_keys') AS n, (SELECT count(*) FROM sqlite_master WHERE name = 'products') AS products, (SELECT count(*) FROM pragma_table_info('products') WHERE name = 'calories') AS calories, (SELECT count(*) FROM restaurants WHERE domain = '${SAUDI_DOMAIN}') AS saudi",
      ...common,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...wranglerProcessEnv(process.env), CI: "1" } },
  );
  const tables = (JSON.parse(found) as { results: { n: number; products: number; calories: number; saudi: number }[] }[])[0]?.results[0];
  if (tables?.n) wrangler("d1", "execute", "DB", "--command", devKeysSql);
  if (tables?.products && !tables.calories) wrangler("d1", "execute", "DB", "--command", [...NUTRITION_COLUMNS, ...demoNutritionSql()].join("; "));
  // The Saudi demo restaurant (./seed/saudi.ts), once, on the seed tables its object adopts.
  if (tables?.products && !tables.saudi) wrangler("d1", "execute", "DB", "--command", saudiDemoSql().join("; "));
  for (const [host, domain] of Object.entries(DEMO_HOSTS)) {
    wrangler("kv", "key", "put", `host:${host}`, domain, "--binding", "HOSTS");
  }
}

/** `npm run dev` reads .dev.vars: development mode (no page cache), the demo providers and the generated secrets. */
export function prepareDevVars(file = LOCAL_VARS_FILE) {
  ensureVars(file, { ENVIRONMENT: () => "development", DEMO_PROVIDERS: () => "on" });
  localSecrets(file);
}

if (import.meta.main) {
  prepareLocalData(process.argv[2]);
  prepareDevVars();
}
